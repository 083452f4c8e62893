import { stem } from '../../../common/text/terms.ts';

/**
 * Postings one lexical search may rank. FTS5 computes bm25() for every row that matches, so a
 * question made of words found on most pages of a large project ("notice", "terminate",
 * "licensed") costs as much as its commonest word: 35,000 ranked rows and 21 ms per search in
 * a 20,000-page project, where the words within this budget take 3 ms.
 */
export const POSTINGS_BUDGET = 3_000;
/** Words always searched, however common, so a question is never reduced to one word. */
const MIN_SEARCHED_TERMS = 2;
/** BM25's term-frequency saturation, as FTS5 sets it. */
const BM25_K1 = 1.2;

export type TermStats = { term: string; documentFrequency: number };

export type TermPlan = {
  /** Words the full-text index ranks by. */
  searched: string[];
  /** Common words left out of the index query, scored on the candidates instead (`rescore`). */
  scored: { term: string; idf: number }[];
};

/**
 * Splits a query's words into those searched in the index and those only scored on what it finds:
 * the rarest words are searched until the budget of postings is spent. Within the budget, every
 * word is searched and the ranking is FTS5's own. Frequencies are the project's (`rows` chunks);
 * a search within some of its documents expects their `share` of each word's postings.
 */
export function planTerms(stats: readonly TermStats[], rows: number, share = 1): TermPlan {
  const cost = (documentFrequency: number) => documentFrequency * share;
  const total = stats.reduce((sum, s) => sum + cost(s.documentFrequency), 0);
  if (total <= POSTINGS_BUDGET) return { searched: stats.map((s) => s.term), scored: [] };
  const rarestFirst = [...stats].sort((a, b) => a.documentFrequency - b.documentFrequency);
  const searched: string[] = [];
  const scored: TermPlan['scored'] = [];
  let spent = 0;
  for (const { term, documentFrequency } of rarestFirst) {
    const affordable = spent + cost(documentFrequency) <= POSTINGS_BUDGET;
    if (affordable || searched.length < MIN_SEARCHED_TERMS) {
      searched.push(term);
      spent += cost(documentFrequency);
    } else {
      scored.push({ term, idf: idf(documentFrequency, rows) });
    }
  }
  return { searched, scored };
}

/** FTS5's BM25 inverse document frequency (never below a tiny positive value, as in FTS5). */
export function idf(documentFrequency: number, rows: number): number {
  return Math.max(1e-6, Math.log((rows - documentFrequency + 0.5) / (documentFrequency + 0.5)));
}

export type Candidate = { id: number; bm25: number; text: string };

/**
 * Ranks candidates by their FTS5 bm25 (negative: lower is better) plus the BM25 weight the
 * words left out of the search would have added: IDF times saturated term frequency, counting
 * words that share the word's stem and taking a passage of average length.
 */
export function rescore(candidates: readonly Candidate[], scored: TermPlan['scored']): number[] {
  if (scored.length === 0) return candidates.map((candidate) => candidate.id);
  const patterns = scored.map(({ term, idf: weight }) => ({
    weight,
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escape(stem(term))}[\\p{L}\\p{N}]*`, 'giu'),
  }));
  return candidates
    .map((candidate) => {
      let extra = 0;
      for (const { weight, pattern } of patterns) {
        const frequency = candidate.text.match(pattern)?.length ?? 0;
        extra += (weight * frequency * (BM25_K1 + 1)) / (frequency + BM25_K1);
      }
      return { id: candidate.id, score: -candidate.bm25 + extra };
    })
    .sort((a, b) => b.score - a.score)
    .map((candidate) => candidate.id);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
