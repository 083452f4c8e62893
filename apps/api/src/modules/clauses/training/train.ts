import { cuadFoldOf } from '../../../cuad/split.js';
import { CUAD_CATEGORIES } from '../../../cuad/labels.js';
import { bestF1Threshold, fitNewtonLogistic, fitPlatt, type Platt } from '../model/calibrate.js';
import {
  type ProfileContext,
  documentProfile,
  documentProfiles,
  ruleHits,
} from '../model/document-layer.js';
import { RESCORE_INPUTS, rescore, rescoreInputs } from '../model/rescore.js';
import { SHORT_SPAN_EXTRACTORS } from '../model/short-spans.js';
import { jaccard, wordSet } from './metrics.js';
import { verifiersFor, verify } from '../model/verifiers.js';
import { STACK_BITS, stackVectors } from '../model/stack.js';
import { type FeatureOptions, type SparseVector, segmentFeatures } from '../model/features.js';
import {
  type Example,
  type LinearWeights,
  margins,
  sigmoid,
  trainLogistic,
} from '../model/linear.js';
import type { ClauseModelParameters, DocumentLayer } from '../model/model-file.js';
import {
  type ExemplarPassage,
  ExemplarIndex,
  buildExemplars,
  bestSimilarities,
  fuseExemplars,
  fusionInputs,
} from '../model/exemplars.js';
import type { LabelledDocument } from './dataset.js';
import {
  type DocumentWords,
  DocumentWordScorer,
  documentTerms,
  fitDocumentWords,
} from '../model/document-words.js';
import {
  RERANK_CANDIDATES,
  type RerankedCategory,
  fitReranker,
  rerank,
  rerankInputs,
  rerankedCategories,
  topCandidates,
} from '../model/rerank.js';

/** A way of training the clause model; `npm run train:clauses -- --technique <name>`. */
export type Technique = {
  name: string;
  description: string;
  features: FeatureOptions;
  /** Decide a category's presence from the document's score profile (else: best clause ≥ threshold). */
  documentLayer: boolean;
  /** Scale down clauses that lack their category's words (verifiers.ts). */
  verifiers: boolean;
  /** Rescore each segment from the first stage's scores around it (stack.ts). */
  stack: boolean;
  /** Weigh a category's positive examples up the rarer they are (else the same weight for all). */
  classWeights?: boolean;
  /** The document layer also reads whether a category's document rule fires (document-layer.ts). */
  documentRules?: boolean;
  /**
   * The document layer reads the richer profile (documentProfiles) with this context, is fitted
   * by Newton's method with this L2 penalty, and takes its thresholds from held-out scores.
   */
  richLayer?: { context: ProfileContext; l2: number };
  /** Rescore spans from the document's verdict and their rank (rescore.ts), with this L2 penalty. */
  rescore?: { l2: number; inputs: number };
  /**
   * Exemplars (exemplars.ts): each segment's similarity to the closest training passages of each
   * category, read by the document layer (the document's best similarity) and/or fused with the
   * segment's probability (a logistic regression per category, fitted on held-out scores).
   */
  exemplars?: { layer: boolean; fuse: boolean };
  /** Re-rank each category's best candidates in a document (rerank.ts), fitted on held-out scores. */
  rerank?: boolean;
  /**
   * The richer document layer also reads the share of each category's marker terms found
   * anywhere in the document (document-words.ts); training documents' shares come from markers
   * chosen on the other folds.
   */
  documentWords?: boolean;
};

const RERANKED: Technique = {
  name: 'reranked',
  description:
    "'exemplar' plus within-document re-ranking: a category's five best candidates in a document are ordered again by a conditional logit over their probability, exemplar similarity, neighbours, length and place, fitted on held-out scores",
  features: { hashBits: 18, context: true },
  documentLayer: true,
  verifiers: true,
  stack: false,
  documentRules: true,
  richLayer: { context: 'related', l2: 1 },
  exemplars: { layer: true, fuse: true },
  rerank: true,
};

export const TECHNIQUES: Record<string, Technique> = {
  baseline: {
    name: 'baseline',
    description:
      'one-vs-rest logistic regression over hashed word uni-/bigrams and heading words of each segment; a category is present when its best clause passes the threshold',
    features: { hashBits: 18, context: false },
    documentLayer: false,
    verifiers: false,
    stack: false,
  },
  contextual: {
    name: 'contextual',
    description:
      "'verified' plus the words of the segment's outline (the heading above its section and the section's first sentence), word trigrams and skip-bigrams, and rarer categories' positives weighed up",
    features: { hashBits: 18, context: true, outline: true, phrases: true },
    documentLayer: true,
    verifiers: true,
    stack: false,
    classWeights: true,
  },
  ruled: {
    name: 'ruled',
    description:
      '\'verified\' plus document rules (phrases such as "most favored" or "liquidated damages" anywhere in the contract) as an input of the document layer',
    features: { hashBits: 18, context: true },
    documentLayer: true,
    verifiers: true,
    stack: false,
    documentRules: true,
  },
  rescored: {
    name: 'rescored',
    description:
      "'ruled' with a richer document layer (the best three clauses, counts at four levels, the related categories' best clause; thresholds from held-out scores) and span rescoring (a segment's score read with the document's verdict, its rank and its place, fitted against CUAD's match criterion)",
    features: { hashBits: 18, context: true },
    documentLayer: true,
    verifiers: true,
    stack: false,
    documentRules: true,
    richLayer: { context: 'related', l2: 1 },
    rescore: { l2: 1, inputs: RESCORE_INPUTS },
  },
  exemplar: {
    name: 'exemplar',
    description:
      "'ruled' with the richer document layer of 'rescored' (no span rescoring) plus exemplars: each segment's TF-IDF similarity to the closest training passages of each category, fused with its probability, and the document's best similarity read by the document layer",
    features: { hashBits: 18, context: true },
    documentLayer: true,
    verifiers: true,
    stack: false,
    documentRules: true,
    richLayer: { context: 'related', l2: 1 },
    exemplars: { layer: true, fuse: true },
  },
  reranked: RERANKED,
  'doc-words': {
    ...RERANKED,
    name: 'doc-words',
    description:
      "'reranked' plus document words: per category, the share of the terms marking the training contracts that hold it (a naive-Bayes log-ratio of document frequencies) found anywhere in the document, read by the document layer",
    documentWords: true,
  },
  'exemplar-ruled': {
    name: 'exemplar-ruled',
    description: "'exemplar' with the first document layer of 'ruled'",
    features: { hashBits: 18, context: true },
    documentLayer: true,
    verifiers: true,
    stack: false,
    documentRules: true,
    exemplars: { layer: true, fuse: true },
  },
  rich: {
    name: 'rich',
    description: "'rescored' without span rescoring",
    features: { hashBits: 18, context: true },
    documentLayer: true,
    verifiers: true,
    stack: false,
    documentRules: true,
    richLayer: { context: 'related', l2: 1 },
  },
  outline: {
    name: 'outline',
    description:
      "'verified' plus the words of the segment's outline (the heading above its section and the section's first sentence)",
    features: { hashBits: 18, context: true, outline: true },
    documentLayer: true,
    verifiers: true,
    stack: false,
  },
  verified: {
    name: 'verified',
    description:
      'the baseline plus the words of the neighbouring segments, span verifiers, and a document layer that decides presence from the whole score profile with its own calibrated threshold',
    features: { hashBits: 18, context: true },
    documentLayer: true,
    verifiers: true,
    stack: false,
  },
  stacked: {
    name: 'stacked',
    description:
      "the baseline plus the words of the neighbouring segments, span verifiers, a second stage that rescores each segment from the first stage's scores of its neighbours, section and document, and a document layer that decides presence from the whole score profile with its own calibrated threshold",
    features: { hashBits: 18, context: true },
    documentLayer: true,
    verifiers: true,
    stack: true,
  },
};
export const DEFAULT_TECHNIQUE = 'doc-words';

export type TrainSettings = {
  folds: number;
  epochs: number;
  seed: number;
  log?: (line: string) => void;
};
export const DEFAULT_SETTINGS: TrainSettings = { folds: 4, epochs: 4, seed: 14, log: () => {} };

const CATEGORIES = CUAD_CATEGORIES.length;

/**
 * Trains on the given (training-split) documents: out-of-fold models give held-out scores for
 * every training document, on which each category's Platt scaling, the second stage, thresholds
 * and the document layer are fitted; the shipped weights are then trained on all the documents.
 */
export function trainClauseModel(
  documents: LabelledDocument[],
  technique: Technique,
  settings: TrainSettings = DEFAULT_SETTINGS,
): ClauseModelParameters {
  const { outOfFold, linear } = trainFirstStage(documents, technique, settings);
  return { ...fitHeads(documents, technique, outOfFold, settings), linear };
}

/**
 * The first stage: held-out margins of every document (from models trained on the other folds)
 * and the weights trained on all the documents.
 */
export function trainFirstStage(
  documents: LabelledDocument[],
  technique: Technique,
  settings: TrainSettings = DEFAULT_SETTINGS,
): { outOfFold: Float32Array[][]; linear: LinearWeights } {
  const vectors = documents.map((document) =>
    document.segments.map((_, index) =>
      segmentFeatures(document.segments, index, technique.features),
    ),
  );
  const outOfFold = crossFit(
    documents,
    vectors,
    technique.features.hashBits,
    settings,
    'first stage',
    technique.classWeights,
  );
  const linear = fit(
    documents,
    vectors,
    () => true,
    technique.features.hashBits,
    settings,
    technique.classWeights,
  );
  settings.log?.('final model trained');
  return { outOfFold, linear };
}

/**
 * Everything fitted on the first stage's held-out margins: Platt scaling, the second stage,
 * the document layer and the thresholds.
 */
export function fitHeads(
  documents: LabelledDocument[],
  technique: Technique,
  firstMargins: Float32Array[][],
  settings: TrainSettings = DEFAULT_SETTINGS,
): Omit<ClauseModelParameters, 'linear'> {
  const required = technique.verifiers ? verifiersFor(CUAD_CATEGORIES) : null;
  const probabilitiesOf = (margins: Float32Array[][], platt: Platt[]) =>
    margins.map((rows, i) =>
      rows.map((z, s) => {
        const p = applyPlatt(z, platt);
        return required ? verify(documents[i]!.segments[s]!.text, p, required) : p;
      }),
    );
  const platt = calibrate(documents, firstMargins);
  let probabilities = probabilitiesOf(firstMargins, platt);

  let stack: ClauseModelParameters['stack'] = null;
  if (technique.stack) {
    const stacked = documents.map((document, i) =>
      stackVectors(document.segments, probabilities[i]!),
    );
    const secondMargins = crossFit(documents, stacked, STACK_BITS, settings, 'second stage');
    const stackPlatt = calibrate(documents, secondMargins);
    probabilities = probabilitiesOf(secondMargins, stackPlatt);
    const linear = fit(documents, stacked, () => true, STACK_BITS, settings);
    stack = {
      linear: { ...linear, weights: linear.weights.slice(0, (CATEGORIES * 4 + 1) * CATEGORIES) },
      platt: stackPlatt,
    };
  }
  let exemplars: ClauseModelParameters['exemplars'] = null;
  let fusion: number[][] | null = null;
  let exemplarBest: number[][] | null = null;
  let similarities: Float32Array[][] | null = null;
  if (technique.exemplars) {
    similarities = outOfFoldSimilarities(documents, settings.folds);
    exemplars = buildExemplars(passagesOf(documents));
    if (technique.exemplars.fuse) {
      fusion = fitFusion(documents, probabilities, similarities);
      probabilities = probabilities.map((rows, i) =>
        fuseExemplars(rows, similarities![i]!, fusion!),
      );
    }
    if (technique.exemplars.layer) exemplarBest = similarities.map(bestSimilarities);
    settings.log?.('exemplars indexed');
  }
  let documentWords: DocumentWords | null = null;
  let wordShares: number[][] | null = null;
  if (technique.documentWords) {
    const terms = documents.map((document) => documentTerms(document.segments));
    wordShares = outOfFoldWordShares(documents, terms, settings.folds);
    documentWords = fitDocumentWords(terms, presenceOf(documents), CATEGORIES);
    settings.log?.('document words chosen');
  }
  let documentLayer: DocumentLayer | null = null;
  let rescorer: number[][] | null = null;
  if (technique.richLayer) {
    const fitted = fitRichDocumentLayer(
      documents,
      probabilities,
      technique.documentRules ?? false,
      technique.richLayer,
      settings.folds,
      exemplarBest,
      wordShares,
    );
    documentLayer = fitted.layer;
    if (technique.rescore) {
      rescorer = fitRescorer(documents, probabilities, fitted.heldOut, technique.rescore);
      probabilities = probabilities.map((rows, i) => rescore(rows, fitted.heldOut[i]!, rescorer!));
      settings.log?.('rescorer fitted');
    }
  } else if (technique.documentLayer) {
    documentLayer = fitDocumentLayer(
      documents,
      probabilities,
      technique.documentRules ?? false,
      exemplarBest,
    );
  }
  let reranker: number[] | null = null;
  if (technique.rerank) {
    const categories = rerankedCategories(CUAD_CATEGORIES);
    reranker = fitReranker(rerankGroups(documents, probabilities, similarities, categories));
    probabilities = probabilities.map((rows, i) =>
      rerank(documents[i]!.segments, rows, similarities?.[i] ?? null, reranker!, categories),
    );
    settings.log?.('re-ranker fitted');
  }
  const thresholds = technique.documentLayer
    ? spanThresholds(documents, probabilities)
    : bestClauseThresholds(documents, probabilities);
  return {
    technique: technique.name,
    categories: [...CUAD_CATEGORIES],
    features: technique.features,
    platt,
    thresholds,
    documentLayer,
    verifiers: technique.verifiers,
    stack,
    rescorer,
    exemplars,
    fusion,
    reranker,
    ...(documentWords ? { documentWords } : {}),
  };
}

function presenceOf(documents: LabelledDocument[]): boolean[][] {
  return documents.map((document) => CUAD_CATEGORIES.map((_, j) => isPresent(document, j)));
}

/** Each document's shares of document words from markers chosen on the other folds' documents. */
function outOfFoldWordShares(
  documents: LabelledDocument[],
  terms: Set<string>[],
  folds: number,
): number[][] {
  const foldOf = documents.map((document) => cuadFoldOf(document.pdfFile, folds));
  const present = presenceOf(documents);
  const shares: number[][] = documents.map(() => []);
  for (let fold = 0; fold < folds; fold++) {
    const rest = documents.flatMap((_, i) => (foldOf[i] === fold ? [] : [i]));
    const scorer = new DocumentWordScorer(
      fitDocumentWords(
        rest.map((i) => terms[i]!),
        rest.map((i) => present[i]!),
        CATEGORIES,
      ),
    );
    documents.forEach((_, i) => {
      if (foldOf[i] === fold) shares[i] = scorer.scoresOf(terms[i]!);
    });
  }
  return shares;
}

/**
 * The re-ranker's examples: per document and present category, its best candidates (held-out
 * scores) and which lie on a gold passage, when at least one does.
 */
function rerankGroups(
  documents: LabelledDocument[],
  probabilities: Float32Array[][],
  similarities: Float32Array[][] | null,
  categories: RerankedCategory[],
): { inputs: number[][]; positives: boolean[] }[] {
  return documents.flatMap((document, i) =>
    categories.flatMap((category) => {
      const j = category.index;
      if (!isPresent(document, j)) return [];
      const candidates = topCandidates(probabilities[i]!, j, RERANK_CANDIDATES);
      const positives = candidates.map((s) => document.positives[s]!.includes(j));
      if (candidates.length < 2 || !positives.some(Boolean)) return [];
      const inputs = rerankInputs(
        document.segments,
        probabilities[i]!,
        similarities?.[i] ?? null,
        category,
        candidates,
      );
      return [{ inputs, positives }];
    }),
  );
}

/** Every training passage of every category, in document then category order. */
function passagesOf(documents: LabelledDocument[]): ExemplarPassage[] {
  return documents.flatMap((document) =>
    document.gold.flatMap((passages, category) => passages.map((text) => ({ category, text }))),
  );
}

/**
 * Each segment's exemplar similarities from an index of the other folds' passages: the layer and
 * the fusion must not learn from a segment finding its own passage.
 */
function outOfFoldSimilarities(documents: LabelledDocument[], folds: number): Float32Array[][] {
  const foldOf = documents.map((document) => cuadFoldOf(document.pdfFile, folds));
  const similarities: Float32Array[][] = documents.map(() => []);
  for (let fold = 0; fold < folds; fold++) {
    const index = new ExemplarIndex(
      buildExemplars(passagesOf(documents.filter((_, i) => foldOf[i] !== fold))),
      CATEGORIES,
    );
    documents.forEach((document, i) => {
      if (foldOf[i] === fold) {
        similarities[i] = document.segments.map((segment) => index.similarities(segment.text));
      }
    });
  }
  return similarities;
}

/** Per category, a logistic regression of a segment's label on its probability and similarity. */
function fitFusion(
  documents: LabelledDocument[],
  probabilities: Float32Array[][],
  similarities: Float32Array[][],
): number[][] {
  return CUAD_CATEGORIES.map((_, j) => {
    const rows: number[][] = [];
    const labels: boolean[] = [];
    documents.forEach((document, i) =>
      probabilities[i]!.forEach((row, s) => {
        rows.push(fusionInputs(row[j]!, similarities[i]![s]![j]!));
        labels.push(document.positives[s]!.includes(j));
      }),
    );
    return fitNewtonLogistic(rows, labels, 1);
  });
}

/** Margins of every document from a model trained on the other folds. */
function crossFit(
  documents: LabelledDocument[],
  vectors: SparseVector[][],
  hashBits: number,
  settings: TrainSettings,
  stage: string,
  classWeights = false,
): Float32Array[][] {
  const outOfFold: Float32Array[][] = documents.map(() => []);
  for (let fold = 0; fold < settings.folds; fold++) {
    const inFold = documents.map(
      (document) => cuadFoldOf(document.pdfFile, settings.folds) === fold,
    );
    const model = fit(documents, vectors, (i) => !inFold[i], hashBits, settings, classWeights);
    documents.forEach((_, i) => {
      if (inFold[i]) outOfFold[i] = vectors[i]!.map((x) => margins(model, x));
    });
    settings.log?.(`${stage}: fold ${fold + 1}/${settings.folds} trained`);
  }
  return outOfFold;
}

/**
 * Rarer categories' positives weigh more: 2 × √(median count / count), between 2 and 8, so a
 * category with a few dozen positive segments is not drowned by the negatives.
 */
export function positiveWeightsOf(counts: number[]): Float32Array {
  const sorted = [...counts].sort((a, b) => a - b);
  const median = Math.max(1, sorted[Math.floor(sorted.length / 2)]!);
  return Float32Array.from(counts, (count) =>
    Math.min(8, Math.max(2, 2 * Math.sqrt(median / Math.max(1, count)))),
  );
}

function fit(
  documents: LabelledDocument[],
  vectors: SparseVector[][],
  include: (index: number) => boolean,
  hashBits: number,
  settings: TrainSettings,
  classWeights = false,
): LinearWeights {
  const examples: Example[] = [];
  const positiveCounts = new Array<number>(CATEGORIES).fill(0);
  documents.forEach((document, i) => {
    if (!include(i)) return;
    document.segments.forEach((_, s) => {
      examples.push({ x: vectors[i]![s]!, positives: document.positives[s]! });
      for (const j of document.positives[s]!) positiveCounts[j]!++;
    });
  });
  return trainLogistic(examples, {
    positiveWeights: classWeights ? positiveWeightsOf(positiveCounts) : undefined,
    hashBits,
    categories: CATEGORIES,
    epochs: settings.epochs,
    learningRate: 0.1,
    l2: 1e-6,
    positiveWeight: 2,
    seed: settings.seed,
  });
}

function calibrate(documents: LabelledDocument[], outOfFold: Float32Array[][]): Platt[] {
  return CUAD_CATEGORIES.map((_, j) => {
    const scores: number[] = [];
    const labels: boolean[] = [];
    documents.forEach((document, i) =>
      outOfFold[i]!.forEach((z, s) => {
        scores.push(z[j]!);
        labels.push(document.positives[s]!.includes(j));
      }),
    );
    return fitPlatt(scores, labels);
  });
}

function applyPlatt(z: Float32Array, platt: Platt[]): Float32Array {
  return z.map((value, j) => sigmoid(platt[j]!.a * value + platt[j]!.b));
}

function isPresent(document: LabelledDocument, category: number): boolean {
  return document.gold[category]!.length > 0;
}

/** Thresholds for "the best clause decides": F1 of document presence on held-out scores. */
function bestClauseThresholds(
  documents: LabelledDocument[],
  probabilities: Float32Array[][],
): number[] {
  return CUAD_CATEGORIES.map((_, j) =>
    bestF1Threshold(
      probabilities.map((rows) => rows.reduce((best, row) => Math.max(best, row[j]!), 0)),
      documents.map((document) => isPresent(document, j)),
    ),
  );
}

/** Thresholds for reporting clauses once a category is present: F1 of segment labels. */
function spanThresholds(documents: LabelledDocument[], probabilities: Float32Array[][]): number[] {
  return CUAD_CATEGORIES.map((_, j) => {
    const scores: number[] = [];
    const labels: boolean[] = [];
    documents.forEach((document, i) =>
      probabilities[i]!.forEach((row, s) => {
        scores.push(row[j]!);
        labels.push(document.positives[s]!.includes(j));
      }),
    );
    return bestF1Threshold(scores, labels);
  });
}

function fitDocumentLayer(
  documents: LabelledDocument[],
  probabilities: Float32Array[][],
  rules: boolean,
  exemplarBest: number[][] | null,
): DocumentLayer {
  const weights: number[][] = [];
  const layerScores: number[][] = [];
  const hits = documents.map((document) =>
    rules ? ruleHits(CUAD_CATEGORIES, document.segments) : null,
  );
  CUAD_CATEGORIES.forEach((_, j) => {
    const profiles = documents.map((document, i) =>
      documentProfile(document.segments, probabilities[i]!, j, hits[i]?.[j], exemplarBest?.[i]![j]),
    );
    const labels = documents.map((document) => isPresent(document, j));
    const w = fitDenseLogistic(profiles, labels);
    weights.push(w);
    const scores = profiles.map((profile) =>
      sigmoid(profile.reduce((z, value, k) => z + w[k]! * value, w[profile.length]!)),
    );
    layerScores.push(scores);
  });
  return {
    weights,
    thresholds: documentThresholds(documents, layerScores),
    ...(rules ? { rules } : {}),
    ...(exemplarBest ? { exemplars: true } : {}),
  };
}

/** Small dense logistic regression (weights then bias) by gradient descent with a light L2. */
export function fitDenseLogistic(rows: number[][], labels: boolean[], iterations = 500): number[] {
  const width = rows[0]?.length ?? 0;
  const w = new Array<number>(width + 1).fill(0);
  const rate = 0.5;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const gradient = new Array<number>(width + 1).fill(0);
    rows.forEach((row, i) => {
      const p = sigmoid(row.reduce((z, value, k) => z + w[k]! * value, w[width]!));
      const d = p - (labels[i] ? 1 : 0);
      row.forEach((value, k) => (gradient[k]! += d * value));
      gradient[width]! += d;
    });
    for (let k = 0; k <= width; k++) {
      w[k]! -= rate * (gradient[k]! / rows.length + (k < width ? 1e-3 * w[k]! : 0));
    }
  }
  return w.map((value) => Math.fround(value));
}

/**
 * The document layer over the richer profile: per category, a logistic regression by Newton's
 * method; its threshold is the F1-optimal one on held-out scores (each fold's documents scored by
 * a layer fitted on the other folds), which are also returned for what is fitted after it.
 */
function fitRichDocumentLayer(
  documents: LabelledDocument[],
  probabilities: Float32Array[][],
  rules: boolean,
  options: { context: ProfileContext; l2: number },
  folds: number,
  exemplarBest: number[][] | null,
  wordShares: number[][] | null,
): { layer: DocumentLayer; heldOut: number[][] } {
  const profiles = documents.map((document, i) =>
    documentProfiles(
      CUAD_CATEGORIES,
      document.segments,
      probabilities[i]!,
      rules ? ruleHits(CUAD_CATEGORIES, document.segments) : null,
      options.context,
      exemplarBest?.[i] ?? null,
      wordShares?.[i] ?? null,
    ),
  );
  const foldOf = documents.map((document) => cuadFoldOf(document.pdfFile, folds));
  const heldOut = documents.map(() => new Array<number>(CATEGORIES).fill(0));
  const weights: number[][] = [];
  CUAD_CATEGORIES.forEach((_, j) => {
    const rows = profiles.map((profile) => profile[j]!);
    const labels = documents.map((document) => isPresent(document, j));
    for (let fold = 0; fold < folds; fold++) {
      const train = rows.flatMap((_, i) => (foldOf[i] === fold ? [] : [i]));
      const w = fitNewtonLogistic(
        train.map((i) => rows[i]!),
        train.map((i) => labels[i]!),
        options.l2,
      );
      rows.forEach((row, i) => {
        if (foldOf[i] === fold) heldOut[i]![j] = dense(w, row);
      });
    }
    weights.push(fitNewtonLogistic(rows, labels, options.l2));
  });
  const thresholds = documentThresholds(
    documents,
    CUAD_CATEGORIES.map((_, j) => heldOut.map((scores) => scores[j]!)),
  );
  return {
    layer: {
      weights,
      thresholds,
      ...(rules ? { rules } : {}),
      ...(exemplarBest ? { exemplars: true } : {}),
      ...(wordShares ? { documentWords: true } : {}),
      context: options.context,
    },
    heldOut,
  };
}

/** Per category, the F1-optimal threshold of the document layer's scores (`scores[category]`). */
function documentThresholds(documents: LabelledDocument[], scores: number[][]): number[] {
  return scores.map((values, j) =>
    bestF1Threshold(
      values,
      documents.map((document) => isPresent(document, j)),
    ),
  );
}

function dense(w: number[], row: number[]): number {
  let z = w[row.length]!;
  for (let k = 0; k < row.length; k++) z += w[k]! * row[k]!;
  return sigmoid(z);
}

/**
 * The span rescorer, per category, on held-out scores: a segment is a positive when it (or a
 * phrase taken out of it) matches a gold passage by CUAD's criterion (word-set Jaccard ≥ 0.5).
 */
function fitRescorer(
  documents: LabelledDocument[],
  probabilities: Float32Array[][],
  documentScores: number[][],
  options: { l2: number; inputs: number },
): number[][] {
  return CUAD_CATEGORIES.map((category, j) => {
    const rows: number[][] = [];
    const labels: boolean[] = [];
    const extract = SHORT_SPAN_EXTRACTORS[category];
    documents.forEach((document, i) => {
      const gold = document.gold[j]!.map(wordSet);
      const inputs = rescoreInputs(probabilities[i]!, documentScores[i]![j]!, j);
      document.segments.forEach((segment, s) => {
        rows.push(inputs[s]!.slice(0, options.inputs));
        if (gold.length === 0) return labels.push(false);
        const phrases = extract?.(segment.text) ?? [];
        const texts =
          phrases.length === 0
            ? [segment.text]
            : phrases.map(([from, to]) => segment.text.slice(from, to));
        labels.push(
          texts.some((text) => {
            const words = wordSet(text);
            return gold.some((passage) => jaccard(words, passage) >= 0.5);
          }),
        );
      });
    });
    return fitNewtonLogistic(rows, labels, options.l2);
  });
}
