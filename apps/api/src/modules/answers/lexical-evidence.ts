import type { Category, Evidence } from './answer.types.js';
import { sentencesIn } from './sentence-cut.js';
import { learnedScore, stemsOf } from './thesaurus.js';

/** Raw thesaurus score at which a sentence scores 1 - 1/e (about 0.63). */
const SCALE = 10;

export type DocumentPages = { documentId: number; documentName: string; pages: readonly string[] };

/**
 * Candidate clause spans found by the learned thesaurus alone: the `perCategory` sentences of a
 * document with the most of a category's typical words, scored 1 - exp(-weight / 10). A stand-in
 * for search and the clause model where neither is at hand (evaluation, tests); pages numbered from 1.
 */
export function lexicalEvidence(
  document: DocumentPages,
  categories: readonly Category[],
  perCategory = 3,
): Evidence[] {
  const sentences = document.pages.flatMap((pageText, index) =>
    sentencesIn(pageText, 0, pageText.length).map((span) => ({
      pageNumber: index + 1,
      pageText,
      span,
      stems: stemsOf(pageText.slice(span.start, span.end)),
    })),
  );
  return categories.flatMap((category) =>
    sentences
      .map((sentence) => ({ sentence, raw: learnedScore(category, sentence.stems) }))
      .filter((scored) => scored.raw > 0)
      .sort((a, b) => b.raw - a.raw)
      .slice(0, perCategory)
      .map(({ sentence, raw }) => ({
        documentId: document.documentId,
        documentName: document.documentName,
        category,
        score: 1 - Math.exp(-raw / SCALE),
        pageNumber: sentence.pageNumber,
        start: sentence.span.start,
        end: sentence.span.end,
        pageText: sentence.pageText,
        pageCount: document.pages.length,
      })),
  );
}
