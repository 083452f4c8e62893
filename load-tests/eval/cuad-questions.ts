/**
 * Questions generated from CUAD's labels (`../shared/corpus/cuad/labels.csv`) for the assistant's
 * evaluation through the whole product path (`npm run eval:retrieval`): for contracts of one side
 * of the split (test unless told; never tune on it), several phrasings per clause category —
 * yes/no, value and clause questions, the lay wordings of `eval:answers` — both where the
 * annotators marked the clause (present: its passages are the gold) and where the category's
 * column is empty (absent: the answer must say "not found"), and questions across each group of
 * 10–20 contracts ("Which agreements are governed by Delaware law?"), whose gold is the set of
 * contracts that qualify.
 * The API's CUAD readers and question templates come through its bench kit, loaded from the build
 * (`npm run eval:retrieval` builds the API first), so the Nx boundary between the projects holds.
 */
import path from 'node:path';
import { type CuadContract, loadBenchKit } from '../bench/api-kit.ts';

const {
  CUAD_CATEGORIES,
  readCuadLabels,
  cuadSplitOf,
  companyOf,
  questionTemplates,
  samePlace,
  findPlaces,
  passageLocator,
} = await loadBenchKit();

export const CUAD_DIR = path.resolve('../shared/corpus/cuad');

type Contract = CuadContract;
/** One of CUAD's 41 clause categories, with the dataset's name. */
export type Category = string;
export type Span = { pageNumber: number; start: number; end: number };

/** A question about one contract: present (gold passages given) or absent (none marked). */
export type SingleQuestion = {
  id: string;
  kind: 'yes_no' | 'value' | 'clause';
  category: Category;
  question: string;
  pdfFile: string;
  present: boolean;
  /** The annotators' passages as CUAD gives them (located in the served page text later). */
  passages: string[];
};

/** A question across the contracts of one project; gold is the contracts that qualify. */
export type AcrossQuestion = {
  id: string;
  question: string;
  qualifying: string[];
};

export type CuadGroup = {
  /** The contracts uploaded together into one project. */
  pdfFiles: string[];
  single: SingleQuestion[];
  across: AcrossQuestion[];
};

/** Categories asked about: every CUAD category but the document's title. */
const ASKED = CUAD_CATEGORIES.filter((category) => category !== 'Document Name');
const ACROSS_CATEGORIES: readonly Category[] = [
  'Non-Compete',
  'Exclusivity',
  'Change Of Control',
  'Anti-Assignment',
  'Cap On Liability',
  'Most Favored Nation',
];
// The kit types categories as strings: a name CUAD does not have would silently ask nothing.
for (const category of [...ACROSS_CATEGORIES, 'Governing Law', 'Termination For Convenience']) {
  if (!CUAD_CATEGORIES.includes(category)) throw new Error(`Not a CUAD category: ${category}`);
}

export type CuadQuestionOptions = {
  split: 'train' | 'test';
  /** How many contracts of the split (the first by file name whose company name is unique). */
  contracts: number;
  /** Contracts per project (the across-documents questions range over one project). */
  groupSize: number;
  /** Phrasings asked per contract and category (rotated across contracts so all are used). */
  phrasings: number;
};

export function cuadQuestions(options: CuadQuestionOptions): CuadGroup[] {
  const all = readCuadLabels(CUAD_DIR).filter(
    (contract) => cuadSplitOf(contract.pdfFile) === options.split,
  );
  // A question names its contract by the company's name: two contracts of one company in one
  // evaluation would make "the ACME agreement" ambiguous.
  const companies = new Map<string, number>();
  for (const contract of all) {
    const company = companyOf(contract.pdfFile).toLowerCase();
    companies.set(company, (companies.get(company) ?? 0) + 1);
  }
  const chosen = all
    .filter((contract) => companies.get(companyOf(contract.pdfFile).toLowerCase()) === 1)
    .sort((a, b) => a.pdfFile.localeCompare(b.pdfFile))
    .slice(0, options.contracts);
  const templates = questionTemplates(ASKED);
  const groups: CuadGroup[] = [];
  for (let from = 0; from < chosen.length; from += options.groupSize) {
    const contracts = chosen.slice(from, from + options.groupSize);
    const single = contracts.flatMap((contract, index) =>
      singleQuestions(contract, from + index, templates, options.phrasings),
    );
    groups.push({
      pdfFiles: contracts.map((contract) => contract.pdfFile),
      single,
      across: contracts.length >= 10 ? acrossQuestions(contracts, groups.length + 1) : [],
    });
  }
  return groups;
}

function singleQuestions(
  contract: Contract,
  contractIndex: number,
  templates: ReturnType<typeof questionTemplates>,
  phrasings: number,
): SingleQuestion[] {
  const company = companyOf(contract.pdfFile);
  return ASKED.flatMap((category, categoryIndex) => {
    const passages = contract.passages[category] ?? [];
    const present = passages.length > 0;
    // An absent clause has no value to state: its value questions still must say "not found".
    const mine = templates.filter((template) => template.category === category);
    const count = Math.min(phrasings, mine.length);
    const first = (contractIndex + categoryIndex) % mine.length;
    return Array.from({ length: count }, (_, k) => {
      const template = mine[(first + k) % mine.length]!;
      return {
        id: `${company}:${category}:${(first + k) % mine.length}`,
        kind: template.kind,
        category,
        question: template.template.replaceAll('{doc}', company),
        pdfFile: contract.pdfFile,
        present,
        passages,
      };
    });
  });
}

function acrossQuestions(contracts: Contract[], group: number): AcrossQuestion[] {
  // Only places make a question: "governed by THE STATE IN WHICH THE FRANCHISED RESTAURANT IS
  // LOCATED law" asks nothing any answer could state.
  const states = new Set(
    contracts
      .map((contract) => (contract.answers['Governing Law'] ?? '').split(/[;,]/)[0]!.trim())
      .filter((state) => state && findPlaces(state).length > 0),
  );
  const qualifying = (test: (contract: Contract) => boolean) =>
    contracts.filter(test).map((contract) => contract.pdfFile);
  const present = (category: Category) => (contract: Contract) =>
    (contract.passages[category] ?? []).length > 0;
  return [
    ...[...states].map((state) => ({
      id: `group${group}:law:${state}`,
      question: `Which agreements are governed by ${state} law?`,
      qualifying: qualifying((contract) =>
        (contract.answers['Governing Law'] ?? '').split(';').some((part) => samePlace(part, state)),
      ),
    })),
    ...ACROSS_CATEGORIES.map((category) => ({
      id: `group${group}:${category}`,
      question: `Which agreements have a ${category.toLowerCase()} clause?`,
      qualifying: qualifying(present(category)),
    })),
    {
      id: `group${group}:Termination For Convenience`,
      question: 'Which of these contracts can be terminated for convenience?',
      qualifying: qualifying(present('Termination For Convenience')),
    },
  ];
}

/** Locates the annotators' passages in the page texts the product serves for the contract. */
export function goldSpans(pages: readonly string[], passages: readonly string[]): Span[] {
  const locate = passageLocator(pages);
  return passages.flatMap((passage) => {
    const span = locate(passage);
    return span ? [span] : [];
  });
}
