import type { AnswerType, Category } from './answer.types.js';

/**
 * How answers speak of each CUAD category: the clause's name in a sentence ("No non-compete clause
 * was found…") and the value a "what is…" question about it wants.
 */
type CategoryInfo = { clause: string; valueType: AnswerType };

const INFO: Record<Category, CategoryInfo> = {
  'Document Name': { clause: 'document title', valueType: 'text' },
  Parties: { clause: 'parties clause', valueType: 'parties' },
  'Agreement Date': { clause: 'agreement date', valueType: 'date' },
  'Effective Date': { clause: 'effective date', valueType: 'date' },
  'Expiration Date': { clause: 'term or expiration clause', valueType: 'date' },
  'Renewal Term': { clause: 'renewal clause', valueType: 'duration' },
  'Notice Period To Terminate Renewal': {
    clause: 'notice period for non-renewal',
    valueType: 'duration',
  },
  'Governing Law': { clause: 'governing-law clause', valueType: 'place' },
  'Most Favored Nation': { clause: 'most-favored-nation clause', valueType: 'clause' },
  'Competitive Restriction Exception': {
    clause: 'competitive-restriction exception',
    valueType: 'clause',
  },
  'Non-Compete': { clause: 'non-compete clause', valueType: 'clause' },
  Exclusivity: { clause: 'exclusivity clause', valueType: 'clause' },
  'No-Solicit Of Customers': { clause: 'customer non-solicitation clause', valueType: 'clause' },
  'No-Solicit Of Employees': { clause: 'employee non-solicitation clause', valueType: 'clause' },
  'Non-Disparagement': { clause: 'non-disparagement clause', valueType: 'clause' },
  'Termination For Convenience': {
    clause: 'termination-for-convenience clause',
    valueType: 'clause',
  },
  'Rofr/Rofo/Rofn': { clause: 'right of first refusal, offer or negotiation', valueType: 'clause' },
  'Change Of Control': { clause: 'change-of-control clause', valueType: 'clause' },
  'Anti-Assignment': { clause: 'anti-assignment clause', valueType: 'clause' },
  'Revenue/Profit Sharing': { clause: 'revenue or profit sharing clause', valueType: 'clause' },
  'Price Restrictions': { clause: 'price-restriction clause', valueType: 'clause' },
  'Minimum Commitment': { clause: 'minimum-commitment clause', valueType: 'clause' },
  'Volume Restriction': { clause: 'volume-restriction clause', valueType: 'clause' },
  'Ip Ownership Assignment': { clause: 'IP ownership assignment clause', valueType: 'clause' },
  'Joint Ip Ownership': { clause: 'joint IP ownership clause', valueType: 'clause' },
  'License Grant': { clause: 'license grant', valueType: 'clause' },
  'Non-Transferable License': { clause: 'non-transferable license clause', valueType: 'clause' },
  'Affiliate License-Licensor': { clause: 'affiliate license (licensor)', valueType: 'clause' },
  'Affiliate License-Licensee': { clause: 'affiliate license (licensee)', valueType: 'clause' },
  'Unlimited/All-You-Can-Eat-License': { clause: 'unlimited-use license', valueType: 'clause' },
  'Irrevocable Or Perpetual License': {
    clause: 'irrevocable or perpetual license',
    valueType: 'clause',
  },
  'Source Code Escrow': { clause: 'source-code escrow clause', valueType: 'clause' },
  'Post-Termination Services': { clause: 'post-termination services clause', valueType: 'clause' },
  'Audit Rights': { clause: 'audit-rights clause', valueType: 'clause' },
  'Uncapped Liability': { clause: 'uncapped-liability clause', valueType: 'clause' },
  'Cap On Liability': { clause: 'cap on liability', valueType: 'money' },
  'Liquidated Damages': { clause: 'liquidated-damages clause', valueType: 'clause' },
  'Warranty Duration': { clause: 'warranty-duration clause', valueType: 'duration' },
  Insurance: { clause: 'insurance clause', valueType: 'clause' },
  'Covenant Not To Sue': { clause: 'covenant not to sue', valueType: 'clause' },
  'Third Party Beneficiary': { clause: 'third-party beneficiary clause', valueType: 'clause' },
};

/** "governing-law clause", "cap on liability": the category as a noun in a sentence. */
export const clauseName = (category: Category): string => INFO[category].clause;

/** The type of value a "what is…" question about the category wants. */
export const valueTypeOf = (category: Category): AnswerType => INFO[category].valueType;
