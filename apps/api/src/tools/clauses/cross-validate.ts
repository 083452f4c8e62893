import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CUAD_CATEGORIES } from '../../cuad/labels.js';
import { VALIDATION_FOLDS, validationFoldOf } from '../../cuad/split.js';
import { ClauseModel } from '../../modules/clauses/model/clause-model.js';
import type { LinearWeights } from '../../modules/clauses/model/linear.js';
import { decodeModel, encodeModel } from '../../modules/clauses/model/model-file.js';
import type { LabelledDocument } from '../../modules/clauses/training/dataset.js';
import {
  type EvaluationReport,
  evaluateClauseModel,
} from '../../modules/clauses/training/evaluate.js';
import {
  type Technique,
  type TrainSettings,
  fitHeads,
  trainFirstStage,
} from '../../modules/clauses/training/train.js';

export const CV_FOLDS = VALIDATION_FOLDS;

/** The main figures of one fold, in the order they are printed. */
export type FoldFigures = {
  precision: number;
  recall: number;
  f1: number;
  aupr: number;
  spanAupr: number;
  spanP80: number;
  topOnGold: number;
  /** Per category (CUAD order): document F1. */
  categoryF1: number[];
};

/**
 * 4-fold cross-validation inside the training split: each fold held out once, the rest trained
 * on. The first stage of each fold (its out-of-fold margins and its weights, which only depend on
 * the features) is cached in `cacheDir/cv-<fold>-<features>`, so variants of what is fitted after
 * it are measured again in minutes.
 */
export function crossValidate(
  documents: LabelledDocument[],
  techniques: Technique[],
  settings: TrainSettings,
  cacheDir: string,
  /** The folds to measure (0-based; all by default): separate runs can share the work. */
  folds: number[] = [...Array(CV_FOLDS).keys()],
): Map<string, FoldFigures[]> {
  const results = new Map<string, FoldFigures[]>(techniques.map((t) => [t.name, []]));
  for (const fold of folds) {
    const held = documents.filter((document) => validationFoldOf(document.pdfFile) === fold);
    const rest = documents.filter((document) => validationFoldOf(document.pdfFile) !== fold);
    for (const technique of techniques) {
      const { outOfFold, linear } = cachedFirstStage(
        rest,
        technique,
        settings,
        path.join(cacheDir, `cv-${fold}`),
      );
      const heads = fitHeads(rest, technique, outOfFold, settings);
      const model = ClauseModel.fromBytes(encodeModel({ ...heads, linear }));
      const figures = figuresOf(evaluateClauseModel(model, held));
      results.get(technique.name)!.push(figures);
      settings.log?.(`fold ${fold + 1}/${CV_FOLDS} ${technique.name}: ${formatFigures(figures)}`);
    }
  }
  return results;
}

/**
 * The first stage of these documents (trainFirstStage), read from `<prefix>_<features…>` when an
 * earlier run left it there, else trained and left there.
 */
export function cachedFirstStage(
  documents: LabelledDocument[],
  technique: Technique,
  settings: TrainSettings,
  prefix: string,
): { outOfFold: Float32Array[][]; linear: LinearWeights } {
  const directory = [
    prefix,
    ...Object.entries(technique.features).map(([name, value]) => `${name}-${String(value)}`),
    `e${settings.epochs}`,
    `s${settings.seed}`,
    ...(technique.classWeights ? ['weighted'] : []),
  ].join('_');
  const weightsFile = path.join(directory, 'linear.bin');
  const marginsFile = path.join(directory, 'margins.f32');
  const categories = CUAD_CATEGORIES.length;
  if (existsSync(weightsFile) && existsSync(marginsFile)) {
    const linear = decodeModel(readFileSync(weightsFile)).linear;
    const raw = readFileSync(marginsFile);
    const all = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
    let offset = 0;
    const outOfFold = documents.map((document) =>
      document.segments.map(() => {
        const row = all.slice(offset, offset + categories);
        offset += categories;
        return row;
      }),
    );
    if (offset !== all.length) throw new Error(`Stale cache ${directory}: segments differ`);
    settings.log?.(`first stage read from ${directory}`);
    return { outOfFold, linear };
  }
  const { outOfFold, linear } = trainFirstStage(documents, technique, settings);
  mkdirSync(directory, { recursive: true });
  writeAtomically(
    weightsFile,
    encodeModel({
      technique: technique.name,
      categories: [...CUAD_CATEGORIES],
      features: technique.features,
      linear,
      platt: [],
      thresholds: [],
      documentLayer: null,
      verifiers: false,
      stack: null,
      rescorer: null,
      exemplars: null,
      fusion: null,
    }),
  );
  const rows = outOfFold.flat();
  const all = new Float32Array(rows.length * categories);
  rows.forEach((row, i) => all.set(row, i * categories));
  writeAtomically(marginsFile, all);
  // What is evaluated is the quantised model, as when the cache is read.
  return { outOfFold, linear: decodeModel(readFileSync(weightsFile)).linear };
}

/** Another run may read the cache meanwhile: it sees a whole file or none. */
function writeAtomically(file: string, data: NodeJS.ArrayBufferView): void {
  writeFileSync(`${file}.partial`, data);
  renameSync(`${file}.partial`, file);
}

function figuresOf(report: EvaluationReport): FoldFigures {
  return {
    precision: report.macro.precision,
    recall: report.macro.recall,
    f1: report.macro.f1,
    aupr: report.macro.aupr,
    spanAupr: report.pooled.spanAupr,
    spanP80: report.pooled.spanP80,
    topOnGold: report.pooled.topOnGold,
    categoryF1: report.categories.map((category) => category.f1),
  };
}

export function meanFigures(folds: FoldFigures[]): FoldFigures {
  const mean = (pick: (figures: FoldFigures) => number) =>
    folds.reduce((sum, figures) => sum + pick(figures), 0) / folds.length;
  return {
    precision: mean((f) => f.precision),
    recall: mean((f) => f.recall),
    f1: mean((f) => f.f1),
    aupr: mean((f) => f.aupr),
    spanAupr: mean((f) => f.spanAupr),
    spanP80: mean((f) => f.spanP80),
    topOnGold: mean((f) => f.topOnGold),
    categoryF1: folds[0]!.categoryF1.map((_, j) => mean((f) => f.categoryF1[j]!)),
  };
}

export function formatFigures(f: FoldFigures): string {
  const percent = (value: number) => (value * 100).toFixed(1);
  return `doc P/R/F1 ${f.precision.toFixed(3)}/${f.recall.toFixed(3)}/${f.f1.toFixed(3)}, doc AUPR ${f.aupr.toFixed(3)}, span AUPR ${percent(f.spanAupr)}, span P@80R ${percent(f.spanP80)}, top on gold ${percent(f.topOnGold)} %`;
}
