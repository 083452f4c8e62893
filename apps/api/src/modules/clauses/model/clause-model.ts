import { readFileSync } from 'node:fs';
import { sigmoid, margins } from './linear.js';
import { segmentFeatures, segmentWordsOf } from './features.js';
import { type ClauseModelParameters, decodeModel, modelVersionOf } from './model-file.js';
import { type PageText, type Segment, type SegmentPiece, segmentDocument } from './segment.js';
import { documentProfile, documentProfiles, ruleHits } from './document-layer.js';
import { rescore } from './rescore.js';
import { SHORT_SPAN_EXTRACTORS, phraseWeight, piecesOfRange } from './short-spans.js';
import { verifiersFor, verify } from './verifiers.js';
import { stackVectors } from './stack.js';
import type { Platt } from './calibrate.js';
import { ExemplarIndex, bestSimilarities, fuseExemplars } from './exemplars.js';
import { type RerankedCategory, rerank, rerankedCategories } from './rerank.js';
import { DocumentWordScorer } from './document-words.js';

/** One piece of a classified clause: `pageText.slice(start, end)` of page `pageNumber`. */
export type ClauseSpan = {
  category: string;
  /** Calibrated probability that the clause is of this category. */
  score: number;
  pageNumber: number;
  start: number;
  end: number;
  /** The same number for the pieces of one clause (a clause crossing a page break has two). */
  group: number;
};

/**
 * By default, a category's clauses at or above its threshold, in documents where the document
 * layer finds the category present; a present category shows at least its best clause.
 */
export type ClassifyOptions = {
  /** Report every candidate down to this score (at most `limit` per category). */
  minScore?: number;
  /**
   * At most this many clauses per category (default MAX_PER_CATEGORY, what the API promises);
   * `Infinity` for every candidate down to `minScore` (evaluation ranks them all).
   */
  limit?: number;
};

/**
 * How much of its score a sentence keeps as a candidate of a phrase category (Parties, a date,
 * Document Name) when no phrase was found in it: such gold is a name or a date, rarely a
 * sentence without one.
 */
export const UNNARROWED_WEIGHT = 0.05;

export const MAX_PER_CATEGORY = 10;

export type DocumentAnalysis = {
  segments: Segment[];
  /** Per segment, calibrated probabilities in category order. */
  scores: Float32Array[];
  /** Per category, the document's presence probability. */
  documentScores: number[];
};

/** The model file shipped beside this module (copied into dist by the build). */
const SHIPPED_MODEL = new URL('./clause-model.bin', import.meta.url);
let shipped: ClauseModel | undefined;

export class ClauseModel {
  readonly version: string;
  readonly categories: readonly string[];
  readonly thresholds: Readonly<Record<string, number>>;
  readonly technique: string;
  private readonly parameters: ClauseModelParameters;
  private readonly exemplars: ExemplarIndex | null;
  /** The categories whose candidates the re-ranker orders (clauses, not phrases). */
  private readonly reranked: RerankedCategory[];
  private readonly documentWords: DocumentWordScorer | null;

  private constructor(parameters: ClauseModelParameters, version: string) {
    this.parameters = parameters;
    this.exemplars = parameters.exemplars
      ? new ExemplarIndex(parameters.exemplars, parameters.categories.length)
      : null;
    this.reranked = rerankedCategories(parameters.categories);
    this.documentWords = parameters.documentWords
      ? new DocumentWordScorer(parameters.documentWords)
      : null;
    this.version = version;
    this.technique = parameters.technique;
    this.categories = parameters.categories;
    this.thresholds = Object.fromEntries(
      parameters.categories.map((category, j) => [category, parameters.thresholds[j]!]),
    );
  }

  static fromBytes(bytes: Uint8Array): ClauseModel {
    return new ClauseModel(decodeModel(bytes), modelVersionOf(bytes));
  }

  /** The committed model, read once per process. */
  static loadShipped(): ClauseModel {
    shipped ??= ClauseModel.fromBytes(readFileSync(SHIPPED_MODEL));
    return shipped;
  }

  /** Calibrated probabilities per category of each segment, in category order. */
  scoreSegments(segments: Segment[]): Float32Array[] {
    return this.scoreWithExemplars(segments).scores;
  }

  /** The segments' probabilities and, when the model reads exemplars, their similarities. */
  private scoreWithExemplars(segments: Segment[]): {
    scores: Float32Array[];
    similarities: Float32Array[] | null;
  } {
    const similarities =
      this.exemplars &&
      segments.map((segment) => this.exemplars!.similaritiesOfWords(segmentWordsOf(segment)));
    const scores = this.linearScores(segments);
    const { fusion } = this.parameters;
    return {
      scores: fusion && similarities ? fuseExemplars(scores, similarities, fusion) : scores,
      similarities,
    };
  }

  private linearScores(segments: Segment[]): Float32Array[] {
    const { linear, platt, features, verifiers, stack } = this.parameters;
    const required = verifiers ? verifiersFor(this.categories) : null;
    const calibrated = (z: Float32Array, scaling: Platt[], text: string) => {
      for (let j = 0; j < z.length; j++) z[j] = sigmoid(scaling[j]!.a * z[j]! + scaling[j]!.b);
      return required ? verify(text, z, required) : z;
    };
    const first = segments.map((segment, index) =>
      calibrated(margins(linear, segmentFeatures(segments, index, features)), platt, segment.text),
    );
    if (!stack) return first;
    return stackVectors(segments, first).map((x, index) =>
      calibrated(margins(stack.linear, x), stack.platt, segments[index]!.text),
    );
  }

  /** Scores per category of one passage (e.g. a question), as if it were a whole document's only clause. */
  scoreText(text: string): Record<string, number> {
    const [scores] = this.scoreSegments([{ pieces: [], text, heading: '', isTitle: false }]);
    return Object.fromEntries(this.categories.map((category, j) => [category, scores![j]!]));
  }

  /**
   * Per category, a document's presence probability from its whole score profile (the document
   * layer), or its best clause's score when the model has no such layer.
   */
  documentScores(
    segments: Segment[],
    scores: Float32Array[],
    similarities: Float32Array[] | null = null,
  ): number[] {
    const layer = this.parameters.documentLayer;
    const hits = layer?.rules ? ruleHits(this.categories, segments) : null;
    const exemplarBest = layer?.exemplars
      ? bestSimilarities(
          similarities ??
            segments.map((segment) => this.exemplars!.similaritiesOfWords(segmentWordsOf(segment))),
        )
      : null;
    const wordShares = layer?.documentWords ? this.documentWords!.scores(segments) : null;
    const profiles = layer?.context
      ? documentProfiles(
          this.categories,
          segments,
          scores,
          hits,
          layer.context,
          exemplarBest,
          wordShares,
        )
      : null;
    return this.categories.map((_, j) => {
      if (!layer) return scores.reduce((best, row) => Math.max(best, row[j]!), 0);
      const profile =
        profiles?.[j] ?? documentProfile(segments, scores, j, hits?.[j], exemplarBest?.[j]);
      const weights = layer.weights[j]!;
      let z = weights[profile.length]!;
      for (let k = 0; k < profile.length; k++) z += weights[k]! * profile[k]!;
      return sigmoid(z);
    });
  }

  /** Segments, their scores and the document's presence scores: the work `classify` does. */
  analyse(pages: PageText[]): DocumentAnalysis {
    const segments = segmentDocument(pages);
    const { scores: probabilities, similarities } = this.scoreWithExemplars(segments);
    const documentScores = this.documentScores(segments, probabilities, similarities);
    const { rescorer, reranker } = this.parameters;
    const ordered = reranker
      ? rerank(segments, probabilities, similarities, reranker, this.reranked)
      : probabilities;
    const scores = rescorer ? rescore(ordered, documentScores, rescorer) : ordered;
    return { segments, scores, documentScores };
  }

  classify(pages: PageText[], options: ClassifyOptions = {}): ClauseSpan[] {
    return this.spansOf(this.analyse(pages), options);
  }

  spansOf(
    { segments, scores, documentScores }: DocumentAnalysis,
    options: ClassifyOptions = {},
  ): ClauseSpan[] {
    const layer = this.parameters.documentLayer;
    const spans: ClauseSpan[] = [];
    // Segment i is group i, its k-th phrase group (k + 1) × segments + i: the same numbers
    // whatever the floor, so that a clause keeps its group across calls.
    const groupOfPhrase = (index: number, k: number) => (k + 1) * segments.length + index;
    this.categories.forEach((category, j) => {
      const floor = options.minScore ?? this.parameters.thresholds[j]!;
      const scoreOf = (index: number) => scores[index]![j]!;
      // A phrase keeps at most its sentence's score, so the floor can sift the sentences first.
      let ranked = segments
        .map((_, index) => index)
        .filter((index) => scoreOf(index) >= floor)
        .sort((x, y) => scoreOf(y) - scoreOf(x) || x - y);
      const present = !layer || documentScores[j]! >= layer.thresholds[j]!;
      if (options.minScore === undefined && layer) {
        // The document layer decides presence; a present category shows at least its best clause.
        if (!present) ranked = [];
        else if (ranked.length === 0) ranked = bestIndex(scores, j);
      }
      const extract = SHORT_SPAN_EXTRACTORS[category];
      // A phrase met again (a party's name in a later sentence) is reported once, where it scores best.
      const phrases = new Map<string, Candidate>();
      const clauses: Candidate[] = [];
      for (const index of ranked) {
        const segment = segments[index]!;
        const found = extract?.(segment.text) ?? [];
        if (found.length === 0) {
          const score = scoreOf(index) * (extract ? UNNARROWED_WEIGHT : 1);
          clauses.push({ score, pieces: segment.pieces, group: index });
        }
        for (const [k, range] of found.entries()) {
          const key = segment.text
            .slice(...range)
            .toLowerCase()
            .replace(/\s+/g, ' ');
          const score = scoreOf(index) * phraseWeight(category, segment.text, range);
          if ((phrases.get(key)?.score ?? -1) >= score) continue;
          const pieces = piecesOfRange(segment, ...range);
          phrases.set(key, { score, pieces, group: groupOfPhrase(index, k) });
        }
      }
      const best = [...clauses, ...phrases.values()].sort((x, y) => y.score - x.score);
      let kept = best.filter((clause) => clause.score >= floor);
      if (kept.length === 0 && options.minScore === undefined && present) {
        // The best clause, with the phrases that share its score (the parties of one preamble).
        kept = best.filter((clause) => clause.score === best[0]!.score);
      }
      for (const { score, pieces, group } of kept.slice(0, options.limit ?? MAX_PER_CATEGORY)) {
        for (const piece of pieces) spans.push({ category, score, ...piece, group });
      }
    });
    return spans;
  }
}

type Candidate = { score: number; pieces: SegmentPiece[]; group: number };

function bestIndex(scores: Float32Array[], category: number): number[] {
  let best = -1;
  for (let index = 0; index < scores.length; index++) {
    if (best < 0 || scores[index]![category]! > scores[best]![category]!) best = index;
  }
  return best < 0 ? [] : [best];
}
