import type { Category, Evidence } from './answer.types.js';
import type { DocumentPages } from './lexical-evidence.js';
import { PRESENCE_MODEL } from './presence.learned.js';
import { scoreSentences, type ScoredSentence } from './search-evidence.js';

/** A sentence counts as a thesaurus hit where it holds this share of its category's typical score. */
export const HIT_SHARE = 0.5;

/**
 * What is known at query time about whether a document has a clause of a category: the clause
 * index's stored candidates (scored as evidence: found ones ≥ `found`) and search's view of the
 * document's sentences (search-evidence.ts).
 */
export type PresenceSignals = {
  /** The clause model's own decision: a stored clause of the category reaches `found`. */
  modelFound: boolean;
  /** The best stored candidate's evidence score; 0 without one. */
  bestCandidate: number;
  candidates: number;
  /** The best sentence's thesaurus score as a share of the category's typical score. */
  bestShare: number;
  bestBm25: number;
  /** Sentences reaching HIT_SHARE. */
  hits: number;
  /** Search's best sentence lies on a page holding a stored candidate. */
  agrees: boolean;
};

/** The learned decision's parameters (presence.learned.ts, written by `npm run fit:presence`). */
export type PresenceModel = {
  weights: number[];
  /** Per category, added to the shared bias (absent: 0). */
  categoryBias: Record<string, number>;
  bias: number;
  threshold: number;
};

/** The signals of one category in one document, and search's best sentence for it. */
export function presenceSignals(
  document: DocumentPages,
  category: Category,
  evidence: readonly Evidence[],
  found: number,
): { signals: PresenceSignals; sentence: ScoredSentence | undefined } {
  const candidates = evidence.filter(
    (each) => each.documentId === document.documentId && each.category === category,
  );
  const sentences = scoreSentences(document, category);
  const sentence = sentences[0];
  const pages = new Set(candidates.map((each) => each.pageNumber));
  const signals = {
    modelFound: candidates.some((each) => each.score >= found),
    bestCandidate: Math.max(0, ...candidates.map((each) => each.score)),
    candidates: candidates.length,
    bestShare: Math.max(0, ...sentences.map((each) => each.share)),
    bestBm25: Math.max(0, ...sentences.map((each) => each.bm25)),
    hits: sentences.filter((each) => each.share >= HIT_SHARE).length,
    agrees: sentence !== undefined && pages.has(sentence.pageNumber),
  };
  return { signals, sentence };
}

/** The logistic model's inputs, each of a similar range (modelFound gates the decision instead). */
export function presenceFeatures(signals: PresenceSignals): number[] {
  return [
    signals.bestCandidate,
    Math.log1p(signals.candidates),
    Math.min(signals.bestShare, 3),
    Math.min(signals.bestBm25, 20) / 10,
    Math.log1p(signals.hits),
    signals.agrees ? 1 : 0,
  ];
}

/** The probability that the document has a clause of the category. */
export function presenceProbability(
  category: Category,
  signals: PresenceSignals,
  model: Omit<PresenceModel, 'threshold'> = PRESENCE_MODEL,
): number {
  const x = presenceFeatures(signals);
  const z = x.reduce(
    (sum, value, index) => sum + value * (model.weights[index] ?? 0),
    model.bias + (model.categoryBias[category] ?? 0),
  );
  return 1 / (1 + Math.exp(-z));
}

/**
 * What answers where the clause index found no clause of the category in the document (issue 15:
 * "absent" only when neither the clause index nor search finds one): when the learned decision
 * calls the clause present, the index's best candidate (scored just above `found`) and search's
 * best sentence (scored `found`), so that both are cited, each marked tentative (the answer says
 * "Possibly"). Else nothing: the answer is "not found".
 */
export function presenceFallback(
  document: DocumentPages,
  category: Category,
  evidence: readonly Evidence[],
  options: { found: number; model?: PresenceModel },
): Evidence[] {
  const model = options.model ?? PRESENCE_MODEL;
  const { signals, sentence } = presenceSignals(document, category, evidence, options.found);
  if (signals.modelFound || presenceProbability(category, signals, model) < model.threshold)
    return [];
  const candidate = evidence
    .filter((each) => each.documentId === document.documentId && each.category === category)
    .sort((a, b) => b.score - a.score)[0];
  const searched: Evidence[] = candidate
    ? [{ ...candidate, score: options.found + 0.01, tentative: true }]
    : [];
  if (sentence && !(candidate && overlaps(candidate, sentence)))
    searched.push({
      documentId: document.documentId,
      documentName: document.documentName,
      category,
      score: options.found,
      pageNumber: sentence.pageNumber,
      start: sentence.start,
      end: sentence.end,
      pageText: document.pages[sentence.pageNumber - 1]!,
      pageCount: document.pages.length,
      tentative: true,
    });
  return searched;
}

function overlaps(a: Evidence, b: ScoredSentence): boolean {
  return a.pageNumber === b.pageNumber && a.start < b.end && b.start < a.end;
}
