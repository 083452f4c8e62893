/**
 * `npm run fit:presence -- --model data/clause-models/validate-exemplar.bin --validate-fold
 * [--dump file.jsonl [--from]] [--write]`: fits the present/absent decision for a question about
 * one document (presence.ts; issue 15: "absent" only when neither the clause index nor search
 * finds a clause of the asked type): a logistic model over the signals known at query time (the
 * clause index's stored candidates, search's best sentences), one bias per category.
 * The clause model's scores must be out of sample: fit on the training contracts its fold model
 * (`train:clauses -- --validate`) held out, with a thesaurus learned without them
 * (`npm run learn:thesaurus -- --validate-fold`; restore the committed file afterwards).
 * Prints the decision's figures by 5-fold cross-validation over those contracts at each
 * threshold, and the threshold chosen for the goals (wrong "not found" ≤ 2 % of present
 * clauses weighs as much as absent clauses answered as absent ≥ 90 %: the worst of the two
 * errors as a share of its allowance is the least). `--write` writes presence.learned.ts from
 * all the contracts. `--dump` keeps the samples; `--from` re-reads them (no classifying).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CUAD_CATEGORIES, readCuadLabels } from '../cuad/labels.js';
import { readCuadPages } from '../cuad/pages.js';
import { cuadFoldOf, cuadSplitOf, validationFoldOf } from '../cuad/split.js';
import type { Category } from '../modules/answers/answer.types.js';
import {
  type PresenceModel,
  type PresenceSignals,
  presenceFeatures,
  presenceProbability,
  presenceSignals,
} from '../modules/answers/presence.js';
import { clausesToStore } from '../modules/clauses/clause-classification.service.js';
import { evidenceScore, FOUND_THRESHOLD } from '../modules/clauses/clause-evidence.reader.js';
import { ClauseModel } from '../modules/clauses/model/clause-model.js';

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string', default: '../shared/corpus/cuad' },
    dump: { type: 'string' },
    from: { type: 'boolean', default: false },
    model: { type: 'string' },
    'validate-fold': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const CATEGORIES = CUAD_CATEGORIES.filter((category) => category !== 'Document Name') as Category[];
const OUT = path.resolve('apps/api/src/modules/answers/presence.learned.ts');
const CV_FOLDS = 5;
/** The goals' allowances: wrong "not found" ≤ 2 % of present clauses, absent as absent ≥ 90 %. */
const MISS_ALLOWANCE = 0.02;
const FALSE_ALLOWANCE = 0.1;
const L2 = 1;

type Sample = { contract: string; category: Category; present: boolean; signals: PresenceSignals };

const samples: Sample[] = args.from && args.dump ? readSamples(args.dump) : await measure();
if (args.dump && !args.from)
  writeFileSync(args.dump, samples.map((s) => JSON.stringify(s)).join('\n') + '\n');

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;
const present = samples.filter((s) => s.present);
const absent = samples.filter((s) => !s.present);
console.log(
  `${samples.length / CATEGORIES.length} contracts; clause model alone: wrong "not found" ${pct(present.filter((s) => !s.signals.modelFound).length, present.length)}, absent as absent ${pct(absent.filter((s) => !s.signals.modelFound).length, absent.length)}`,
);

// The decision is asked only where the clause index found nothing: fitted on those samples.
// Cross-validated probabilities: each contract's from a model fitted without its fold.
const undecided = (s: Sample) => !s.signals.modelFound;
const probability = new Map<Sample, number>();
for (let fold = 0; fold < CV_FOLDS; fold++) {
  const inFold = (s: Sample) => cuadFoldOf(`presence:${s.contract}`, CV_FOLDS) === fold;
  const fitted = fit(samples.filter((s) => !inFold(s) && undecided(s)));
  for (const s of samples.filter(inFold))
    probability.set(s, undecided(s) ? presenceProbability(s.category, s.signals, fitted) : 1);
}
console.log('threshold   wrong "not found"   absent as absent   worst share of allowance');
let chosen = { threshold: 0.5, worst: Infinity };
for (let threshold = 0.02; threshold < 0.9; threshold += 0.01) {
  const { miss, falseRate } = errors(threshold);
  const worst = Math.max(miss / MISS_ALLOWANCE, falseRate / FALSE_ALLOWANCE);
  if (Math.round(threshold * 100) % 2 === 0)
    console.log(
      `${threshold.toFixed(2).padStart(9)}   ${(100 * miss).toFixed(1).padStart(15)} %   ${(100 * (1 - falseRate)).toFixed(1).padStart(14)} %   ${worst.toFixed(2).padStart(24)}`,
    );
  if (worst < chosen.worst) chosen = { threshold, worst };
}
const atChosen = errors(chosen.threshold);
console.log(
  `chosen threshold ${chosen.threshold.toFixed(2)} (cross-validated): wrong "not found" ${(100 * atChosen.miss).toFixed(1)} %, absent as absent ${(100 * (1 - atChosen.falseRate)).toFixed(1)} %`,
);
if (args.write) {
  const model = {
    ...fit(samples.filter(undecided)),
    threshold: Number(chosen.threshold.toFixed(2)),
  };
  writeFileSync(OUT, learnedFile(model));
  console.log(`wrote ${OUT}`);
}

function errors(threshold: number): { miss: number; falseRate: number } {
  const p = (s: Sample) => probability.get(s)!;
  return {
    miss: present.filter((s) => p(s) < threshold).length / present.length,
    falseRate: absent.filter((s) => p(s) >= threshold).length / absent.length,
  };
}

/**
 * L2-regularised logistic regression by Newton's method: shared weights and bias, one bias per
 * category (regularised, so that a rare category stays near the shared one).
 */
function fit(training: readonly Sample[]): Omit<PresenceModel, 'threshold'> {
  const width = presenceFeatures(training[0]!.signals).length;
  const size = width + 1 + CATEGORIES.length;
  const rows = training.map((s) => {
    const x = new Float64Array(size);
    presenceFeatures(s.signals).forEach((value, index) => (x[index] = value));
    x[width] = 1;
    x[width + 1 + CATEGORIES.indexOf(s.category)] = 1;
    return { x, y: s.present ? 1 : 0 };
  });
  const w = new Float64Array(size);
  for (let iteration = 0; iteration < 25; iteration++) {
    const gradient = new Float64Array(size);
    const hessian = Array.from({ length: size }, () => new Float64Array(size));
    for (const { x, y } of rows) {
      let z = 0;
      for (let i = 0; i < size; i++) z += w[i]! * x[i]!;
      const p = 1 / (1 + Math.exp(-z));
      for (let i = 0; i < size; i++) {
        if (x[i] === 0) continue;
        gradient[i]! += (p - y) * x[i]!;
        for (let j = 0; j < size; j++) hessian[i]![j]! += p * (1 - p) * x[i]! * x[j]!;
      }
    }
    for (let i = 0; i < size; i++) {
      // The shared bias is not regularised.
      if (i === width) continue;
      gradient[i]! += L2 * w[i]!;
      hessian[i]![i]! += L2;
    }
    hessian[width]![width]! += 1e-9;
    const step = solve(hessian, gradient);
    let largest = 0;
    for (let i = 0; i < size; i++) {
      w[i]! -= step[i]!;
      largest = Math.max(largest, Math.abs(step[i]!));
    }
    if (largest < 1e-8) break;
  }
  const round = (value: number) => Number(value.toFixed(4));
  return {
    weights: [...w.slice(0, width)].map(round),
    bias: round(w[width]!),
    categoryBias: Object.fromEntries(
      CATEGORIES.map((category, index) => [category, round(w[width + 1 + index]!)]),
    ),
  };
}

/** Gaussian elimination with partial pivoting: a solves a · x = b. */
function solve(a: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const m = a.map((row, i) => Float64Array.from([...row, b[i]!]));
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(m[row]![col]!) > Math.abs(m[pivot]![col]!)) pivot = row;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let row = col + 1; row < n; row++) {
      const factor = m[row]![col]! / m[col]![col]!;
      if (factor === 0) continue;
      for (let k = col; k <= n; k++) m[row]![k]! -= factor * m[col]![k]!;
    }
  }
  const x = new Float64Array(n);
  for (let row = n - 1; row >= 0; row--) {
    let sum = m[row]![n]!;
    for (let k = row + 1; k < n; k++) sum -= m[row]![k]! * x[k]!;
    x[row] = sum / m[row]![row]!;
  }
  return x;
}

function learnedFile(model: PresenceModel): string {
  return `// Generated by \`npm run fit:presence\` (${samples.length / CATEGORIES.length} contracts); do not edit.
import type { PresenceModel } from './presence.js';

export const PRESENCE_MODEL: PresenceModel = ${JSON.stringify(model, null, 2)};
`;
}

/** Classifies every contract as the product stores it and reads each category's signals. */
async function measure(): Promise<Sample[]> {
  const contracts = readCuadLabels(path.resolve(args.corpus)).filter(
    (contract) =>
      cuadSplitOf(contract.pdfFile) === 'train' &&
      (!args['validate-fold'] || validationFoldOf(contract.pdfFile) === 0),
  );
  const pages = await readCuadPages(
    path.resolve(args.corpus),
    contracts.map((contract) => contract.pdfFile),
  );
  const model = args.model
    ? ClauseModel.fromBytes(readFileSync(path.resolve(args.model)))
    : ClauseModel.loadShipped();
  return contracts.flatMap((contract, index) => {
    const pageTexts = pages[index]!.pages;
    const document = { documentId: 1, documentName: contract.pdfFile, pages: pageTexts };
    const analysis = model.analyse(pageTexts.map((text, i) => ({ pageNumber: i + 1, text })));
    const evidence = clausesToStore(model, analysis).map((clause) => ({
      documentId: 1,
      documentName: contract.pdfFile,
      category: clause.category as Category,
      score: evidenceScore(clause.score, clause.found),
      pageNumber: clause.pageNumber,
      start: clause.start,
      end: clause.end,
      pageText: pageTexts[clause.pageNumber - 1] ?? '',
    }));
    return CATEGORIES.map((category) => ({
      contract: contract.pdfFile,
      category,
      present: contract.passages[category].length > 0,
      signals: presenceSignals(document, category, evidence, FOUND_THRESHOLD).signals,
    }));
  });
}

function readSamples(file: string): Sample[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Sample);
}
