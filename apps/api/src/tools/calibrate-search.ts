/**
 * `npm run calibrate:search [-- --split train] [--dump file.jsonl [--from]]`: calibrates when
 * search answers for the clause index (issue 15: "absent" only when neither finds a clause of the
 * asked type). For every contract of the split (train unless told; never calibrate on test) and
 * every category the clause model did not find, the model's best sub-threshold candidate and the
 * best sentence search scores for the category (search-evidence.ts) are read against the
 * annotators' labels: at each pair of thresholds, how many of the clauses the model missed are
 * recovered and how many absent clauses are wrongly called present. Prints the table and the pair
 * with the best balanced gain. `--dump` keeps the samples; `--from` re-reads them (no classifying).
 * `--model <file> --validate-fold` reads another clause model on the training contracts that
 * `train:clauses -- --validate` holds out (the fold model never saw them; learn the thesaurus
 * without them too: `npm run learn:thesaurus -- --validate-fold`). A floor of 0 needs no candidate.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CUAD_CATEGORIES, readCuadLabels } from '../cuad/labels.js';
import { readCuadPages } from '../cuad/pages.js';
import { validationFoldOf, cuadSplitOf } from '../cuad/split.js';
import type { Category } from '../modules/answers/answer.types.js';
import { scoreSentences } from '../modules/answers/search-evidence.js';
import { passageLocator } from '../modules/answers/tools/gold-passages.js';
import { clausesToStore } from '../modules/clauses/clause-classification.service.js';
import { ClauseModel } from '../modules/clauses/model/clause-model.js';

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string', default: '../shared/corpus/cuad' },
    split: { type: 'string', default: 'train' },
    /** A file to write the samples to, one JSON object a line; or with --from, to read them from. */
    dump: { type: 'string' },
    from: { type: 'boolean', default: false },
    model: { type: 'string' },
    'validate-fold': { type: 'boolean', default: false },
  },
});
const CATEGORIES = CUAD_CATEGORIES.filter((category) => category !== 'Document Name') as Category[];

type Sample = {
  contract: string;
  category: Category;
  present: boolean;
  modelFound: boolean;
  /** The clause model's best candidate score for the category in the contract (found or not). */
  modelBest: number;
  /** Search's best sentence for the category: its thesaurus and BM25 scores, and whether it is on a gold page. */
  thesaurus: number;
  /** The thesaurus score as a share of the category's typical score (what the product compares). */
  share: number;
  bm25: number;
  onGold: boolean;
};

const samples: Sample[] = args.from && args.dump ? readSamples(args.dump) : await measure();
if (args.dump && !args.from)
  writeFileSync(args.dump, samples.map((s) => JSON.stringify(s)).join('\n') + '\n');

const present = samples.filter((s) => s.present);
const absent = samples.filter((s) => !s.present);
const missed = present.filter((s) => !s.modelFound);
const unfound = absent.filter((s) => !s.modelFound);
const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;
console.log(
  `${args.split}: ${samples.length / CATEGORIES.length} contracts; clause model alone: wrong "not found" ${pct(missed.length, present.length)} (${missed.length}/${present.length}), absent as absent ${pct(unfound.length, absent.length)}`,
);
console.log(
  'candidate ≥  share ≥       missed recovered   wrong "not found"   absent as absent   balanced gain',
);
// Balanced: a point of wrong "not found" (of present clauses) weighs as much as a point of absent
// clauses answered as absent, as the goals are written.
let best = { floor: 1, threshold: 0, gain: 1e-9 };
for (const floor of [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.8])
  for (const threshold of [0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2]) {
    const fires = (s: Sample) => s.modelBest >= floor && s.share >= threshold;
    const recovered = missed.filter(fires).length;
    const called = unfound.filter(fires).length;
    const gain = recovered / present.length - called / absent.length;
    console.log(
      `${floor.toFixed(2).padStart(11)}  ${String(threshold).padStart(11)}   ${pct(recovered, missed.length).padStart(17)}   ${pct(missed.length - recovered, present.length).padStart(17)}   ${pct(unfound.length - called, absent.length).padStart(16)}   ${(100 * gain).toFixed(2).padStart(13)}`,
    );
    // Of equal gains, the stricter pair (tried later).
    if (gain >= best.gain) best = { floor, threshold, gain };
  }
console.log(
  `chosen (best balanced gain): the clause index's best candidate ≥ ${best.floor.toFixed(2)} and search's best sentence ≥ ${best.threshold} of its category's typical score`,
);

/** Classifies every contract of the split and scores search's best sentence per category. */
async function measure(): Promise<Sample[]> {
  const contracts = readCuadLabels(path.resolve(args.corpus)).filter(
    (contract) =>
      cuadSplitOf(contract.pdfFile) === args.split &&
      (!args['validate-fold'] || validationFoldOf(contract.pdfFile) === 0),
  );
  const pages = await readCuadPages(
    path.resolve(args.corpus),
    contracts.map((contract) => contract.pdfFile),
  );
  const model = args.model
    ? ClauseModel.fromBytes(readFileSync(path.resolve(args.model)))
    : ClauseModel.loadShipped();
  const measured: Sample[] = [];
  contracts.forEach((contract, index) => {
    const pageTexts = pages[index]!.pages;
    const analysis = model.analyse(pageTexts.map((text, i) => ({ pageNumber: i + 1, text })));
    const clauses = clausesToStore(model, analysis);
    const locate = passageLocator(pageTexts);
    const document = { documentId: index + 1, documentName: contract.pdfFile, pages: pageTexts };
    for (const category of CATEGORIES) {
      const mine = clauses.filter((clause) => clause.category === category);
      const gold = contract.passages[category].flatMap((passage) => locate(passage) ?? []);
      const best = scoreSentences(document, category)[0];
      measured.push({
        contract: contract.pdfFile,
        category,
        present: contract.passages[category].length > 0,
        modelFound: mine.some((clause) => clause.found),
        modelBest: Math.max(0, ...mine.map((clause) => clause.score)),
        thesaurus: best?.thesaurus ?? 0,
        share: best?.share ?? 0,
        bm25: best?.bm25 ?? 0,
        onGold: best !== undefined && gold.some((g) => g.pageNumber === best.pageNumber),
      });
    }
  });
  return measured;
}

function readSamples(file: string): Sample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Sample);
}
