import { stem, TERM } from '../../common/text/terms.js';
import type { Category } from './answer.types.js';
import { clauseName } from './categories.js';
import type { DocumentPages } from './lexical-evidence.js';
import { sentencesIn } from './sentence-cut.js';
import { expansionWords, learnedScore, stemsOf, typicalScore } from './thesaurus.js';

/** Thesaurus words added to the query: the category's most typical ones. */
const EXPANSION = 12;
const K1 = 1.2;
const B = 0.75;
/** The category's typical score is that of its TYPICAL_WORDS strongest words (see `typicalScore`). */
const TYPICAL_WORDS = 12;

/** One sentence of a document scored for a category: BM25 and the thesaurus' log-odds. */
export type ScoredSentence = {
  pageNumber: number;
  start: number;
  end: number;
  bm25: number;
  thesaurus: number;
  /** The thesaurus score as a share of the category's typical score. */
  share: number;
};

/**
 * Search's view of a document for one category (presence.ts reads it where the clause index found
 * nothing): BM25 over the document's sentences (not chunks), the query being the category's name and its thesaurus
 * words (the same for every phrasing of a question), each sentence also scored by the thesaurus'
 * log-odds of the category. Sentences best first by their combined score.
 */
export function scoreSentences(
  document: DocumentPages,
  category: Category,
): (ScoredSentence & { score: number })[] {
  const query = new Set<string>([
    ...stemsOf(clauseName(category)),
    ...expansionWords(category, EXPANSION).map((word) => stem(word)),
  ]);
  const sentences = document.pages.flatMap((pageText, index) =>
    sentencesIn(pageText, 0, pageText.length).map((span) => {
      const words = (pageText.slice(span.start, span.end).toLowerCase().match(TERM) ?? []).map(
        (word) => stem(word),
      );
      return { pageNumber: index + 1, span, words, stems: new Set(words) };
    }),
  );
  if (sentences.length === 0) return [];
  const averageLength =
    sentences.reduce((sum, each) => sum + each.words.length, 0) / sentences.length;
  const documentFrequency = new Map<string, number>();
  for (const sentence of sentences)
    for (const key of sentence.stems)
      if (query.has(key)) documentFrequency.set(key, (documentFrequency.get(key) ?? 0) + 1);
  const n = sentences.length;
  const typical = typicalScore(category, TYPICAL_WORDS);
  return sentences
    .map((sentence) => {
      let bm25 = 0;
      if ([...query].some((key) => sentence.stems.has(key))) {
        const frequency = new Map<string, number>();
        for (const key of sentence.words)
          if (query.has(key)) frequency.set(key, (frequency.get(key) ?? 0) + 1);
        for (const [key, tf] of frequency) {
          const df = documentFrequency.get(key)!;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          bm25 +=
            (idf * tf * (K1 + 1)) /
            (tf + K1 * (1 - B + (B * sentence.words.length) / averageLength));
        }
      }
      const thesaurus = learnedScore(
        category,
        new Set([...sentence.stems].filter((key) => key.length >= 3)),
      );
      return {
        pageNumber: sentence.pageNumber,
        start: sentence.span.start,
        end: sentence.span.end,
        bm25,
        thesaurus,
        share: typical > 0 ? thesaurus / typical : 0,
        score: bm25 + thesaurus,
      };
    })
    .sort((a, b) => b.score - a.score);
}
