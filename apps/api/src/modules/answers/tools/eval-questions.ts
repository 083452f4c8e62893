import type { AnswerType, Category } from '../answer.types.js';
import { clauseName } from '../categories.js';

export type QuestionTemplate = {
  category: Category;
  template: string;
  kind: 'yes_no' | 'value' | 'clause';
};

/** Value questions of the typed categories; `{doc}` is the company's name. */
const VALUE: [Category, string][] = [
  ['Governing Law', 'What law governs the {doc} agreement?'],
  ['Governing Law', "Which state's law applies to the {doc} contract?"],
  [
    'Notice Period To Terminate Renewal',
    'How much notice is needed to stop the {doc} agreement from renewing?',
  ],
  [
    'Notice Period To Terminate Renewal',
    'What is the notice period for non-renewal of the {doc} agreement?',
  ],
  ['Renewal Term', 'How long is the renewal term of the {doc} agreement?'],
  ['Expiration Date', 'When does the {doc} agreement expire?'],
  ['Expiration Date', 'What is the end date of the {doc} contract?'],
  ['Effective Date', 'What is the effective date of the {doc} agreement?'],
  ['Agreement Date', 'When was the {doc} agreement signed?'],
  ['Agreement Date', 'What is the date of the {doc} agreement?'],
  ['Parties', 'Who are the parties to the {doc} agreement?'],
  ['Cap On Liability', 'What is the cap on liability in the {doc} agreement?'],
  ['Warranty Duration', 'How long is the warranty period in the {doc} agreement?'],
];

/** Lay phrasings, as a business reader would ask. */
const LAY: [Category, string, 'yes_no' | 'clause'][] = [
  ['Exclusivity', 'Is the {doc} arrangement exclusive?', 'yes_no'],
  [
    'Termination For Convenience',
    'Can a party walk away from the {doc} agreement without cause?',
    'yes_no',
  ],
  [
    'Change Of Control',
    'What happens to the {doc} agreement on a merger or acquisition?',
    'clause',
  ],
  ['Anti-Assignment', 'Can the {doc} agreement be assigned to someone else?', 'yes_no'],
  ['Non-Compete', 'Is either party barred from competing under the {doc} agreement?', 'yes_no'],
  ['Most Favored Nation', 'Does the {doc} agreement promise most favored pricing?', 'yes_no'],
  ['Audit Rights', 'Can a party audit the books under the {doc} agreement?', 'yes_no'],
  ['Insurance', 'What insurance must be carried under the {doc} agreement?', 'clause'],
  ['Liquidated Damages', 'Are there liquidated damages in the {doc} agreement?', 'yes_no'],
  [
    'Rofr/Rofo/Rofn',
    'Does anyone have a right of first refusal under the {doc} agreement?',
    'yes_no',
  ],
  ['Source Code Escrow', 'Is source code held in escrow under the {doc} agreement?', 'yes_no'],
  ['No-Solicit Of Employees', "May the {doc} parties solicit each other's employees?", 'yes_no'],
  ['Uncapped Liability', 'Is liability uncapped for some claims in the {doc} agreement?', 'yes_no'],
  [
    'Third Party Beneficiary',
    'Are there third-party beneficiaries of the {doc} agreement?',
    'yes_no',
  ],
  ['Revenue/Profit Sharing', 'Is there revenue sharing in the {doc} deal?', 'yes_no'],
  [
    'Minimum Commitment',
    'Is there a minimum purchase commitment in the {doc} agreement?',
    'yes_no',
  ],
];

/** Several phrasings per category: generic yes/no, generic clause, the value question, a lay one. */
export function questionTemplates(categories: readonly Category[]): QuestionTemplate[] {
  return categories.flatMap((category) => [
    {
      category,
      template: `Does the {doc} agreement have a ${clauseName(category)}?`,
      kind: 'yes_no' as const,
    },
    {
      category,
      template: `What does the ${clauseName(category)} of the {doc} agreement say?`,
      kind: 'clause' as const,
    },
    ...VALUE.filter(([c]) => c === category).map(([, template]) => ({
      category,
      template,
      kind: 'value' as const,
    })),
    ...LAY.filter(([c]) => c === category).map(([, template, kind]) => ({
      category,
      template,
      kind,
    })),
  ]);
}

/** The columns of issue 16 measured by `eval:review`, with their answer types. */
export const REVIEW_COLUMNS: {
  label: string;
  category: Category;
  question: string;
  type: AnswerType;
}[] = [
  {
    label: 'Governing law',
    category: 'Governing Law',
    question: 'What law governs this agreement?',
    type: 'place',
  },
  {
    label: 'Change of control',
    category: 'Change Of Control',
    question: 'Is there a change of control clause?',
    type: 'yes_no',
  },
  {
    label: 'Anti-assignment',
    category: 'Anti-Assignment',
    question: 'Does the agreement restrict assignment?',
    type: 'yes_no',
  },
  {
    label: 'Exclusivity',
    category: 'Exclusivity',
    question: 'Is there an exclusivity clause?',
    type: 'yes_no',
  },
  {
    label: 'Non-compete',
    category: 'Non-Compete',
    question: 'Is there a non-compete?',
    type: 'yes_no',
  },
  {
    label: 'MFN',
    category: 'Most Favored Nation',
    question: 'Is there a most favored nation clause?',
    type: 'yes_no',
  },
  {
    label: 'Rofr/Rofo/Rofn',
    category: 'Rofr/Rofo/Rofn',
    question: 'Is there a right of first refusal, offer or negotiation?',
    type: 'yes_no',
  },
  {
    label: 'Cap on liability',
    category: 'Cap On Liability',
    question: 'What is the cap on liability?',
    type: 'money',
  },
  {
    label: 'Termination for convenience',
    category: 'Termination For Convenience',
    question: 'Can a party terminate for convenience?',
    type: 'yes_no',
  },
  {
    label: 'Expiration date',
    category: 'Expiration Date',
    question: 'When does the agreement expire?',
    type: 'date',
  },
];

/** The first word of a CUAD file name, which names its company ("NETGEAR,INC_04_21_2003-…" → "NETGEAR"). */
export function companyOf(pdfFile: string): string {
  return /[\p{L}\p{N}]*\p{L}[\p{L}\p{N}]*/u.exec(pdfFile)?.[0] ?? pdfFile;
}
