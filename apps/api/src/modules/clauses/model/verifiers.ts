/**
 * Span verifiers: a clause of these categories names its subject. A segment that does not (an
 * assignment clause scored as change of control because it sits beside one, a payment clause
 * taken for an audit right) keeps only a small part of its probability. Applied to calibrated
 * scores in training and at run time alike, so thresholds and the document layer see them.
 */
const REQUIRED_WORDS: Record<string, RegExp> = {
  'Governing Law': /\blaws?\b|govern|constru/i,
  'Most Favored Nation':
    /favou?r|best|lowest|better|equal to|no (?:higher|greater|less)|not (?:higher|greater|less)|price protection|comparable/i,
  'Non-Compete': /compet|engage|similar|business/i,
  Exclusivity: /exclusiv|sole\b|solely|only|shall not|will not|may not|not\b/i,
  'No-Solicit Of Customers': /solicit|entic|divert|induce|interfere|take away|call upon/i,
  'No-Solicit Of Employees': /solicit|hire|employ|recruit|entic|induce/i,
  'Non-Disparagement':
    /disparag|derogat|defam|negative|detriment|reputation|critici|goodwill|statement|remark/i,
  'Termination For Convenience': /terminat|cancel|end\b|withdraw/i,
  'Rofr/Rofo/Rofn': /first|refus|offer|negotiat|match|option|prior to/i,
  'Change Of Control':
    /control|merge|acqui|consolidat|substantially all|reorgani|owner|voting|equity|shares|sale of|change in/i,
  'Anti-Assignment': /assign|transfer|delegat|success/i,
  'Revenue/Profit Sharing': /revenue|profit|royalt|percent|%|share|commission|proceeds|sales/i,
  'Price Restrictions': /price|pricing|fee|rate|cost|charge|increase|discount/i,
  'Minimum Commitment': /minimum|at least|no less|not less|shall purchase|commit|require/i,
  'Ip Ownership Assignment': /assign|own|title|vest|property|right/i,
  'Joint Ip Ownership': /joint|co-own|both parties|mutual|shared|undivided|equal/i,
  'License Grant': /licen[cs]|right to use|grant|permit/i,
  'Non-Transferable License': /licen[cs]|transfer|assign|sublicen/i,
  'Affiliate License-Licensor': /affiliat|subsidiar|parent|group/i,
  'Affiliate License-Licensee': /affiliat|subsidiar|parent|group|sublicen/i,
  'Unlimited/All-You-Can-Eat-License':
    /unlimited|number|all-you-can|limit|enterprise|site|unrestricted|any and all|all users|copies/i,
  'Irrevocable Or Perpetual License': /irrevoc|perpetu/i,
  'Source Code Escrow': /escrow|source code|deposit/i,
  'Audit Rights': /audit|inspect|examin|books|records|review|access/i,
  'Cap On Liability': /liab|damage|exceed|limit|amount|aggregate|consequential/i,
  'Uncapped Liability': /liab|damage|limit|exclu|consequential|indemn/i,
  'Liquidated Damages': /liquidated|penalt|forfeit|damages|fee\b|fees\b|payable|pay\b|amount/i,
  'Warranty Duration': /warrant|guarant|defect/i,
  Insurance: /insur|coverage|policy|policies|insured/i,
  'Covenant Not To Sue': /\bsue\b|challenge|contest|assert|bring|institut|attack|oppos/i,
  'Third Party Beneficiary': /beneficiar|third part|enforce/i,
};

const UNVERIFIED_FACTOR = 0.1;

/** Per category index: the required words, or null. */
export function verifiersFor(categories: readonly string[]): (RegExp | null)[] {
  return categories.map((category) => REQUIRED_WORDS[category] ?? null);
}

/** Scales down, in place, the probabilities of categories whose words the text lacks. */
export function verify(
  text: string,
  probabilities: Float32Array,
  verifiers: (RegExp | null)[],
): Float32Array {
  verifiers.forEach((required, j) => {
    if (required && !required.test(text)) probabilities[j] = probabilities[j]! * UNVERIFIED_FACTOR;
  });
  return probabilities;
}
