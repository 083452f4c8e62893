import { splitSentences } from '../../common/text/sentences.js';
import type { Category } from './answer.types.js';
import { learnedScore, stemsOf } from './thesaurus.js';

export type PageSpan = { start: number; end: number };

const LIMITS = { maxWords: 120, maxChars: 900 };
/** A sentence this short is a heading or a fragment ("9. LIMITATION OF LIABILITY."): the next one comes with it. */
const SHORT_SENTENCE = 60;

/** The sentences of `pageText.slice(start, end)`, as page offsets. */
export function sentencesIn(pageText: string, start: number, end: number): PageSpan[] {
  return splitSentences(pageText, start, end, LIMITS).map(({ start: from, end: to }) => ({
    start: from,
    end: to,
  }));
}

/**
 * Cuts a clause span to the sentence that carries its category (the one with the most of the
 * category's learned words, or the one holding `mustHold`), with the next sentence when that one
 * is only a heading. Offsets stay page offsets.
 */
export function cutToSentence(
  pageText: string,
  span: PageSpan,
  category: Category,
  mustHold?: number,
): PageSpan {
  const sentences = sentencesIn(pageText, span.start, span.end);
  if (sentences.length <= 1) return sentences[0] ?? span;
  const holding =
    mustHold === undefined
      ? -1
      : sentences.findIndex((sentence) => sentence.start <= mustHold && mustHold < sentence.end);
  let best = holding;
  if (best < 0) {
    let bestScore = -1;
    sentences.forEach((sentence, index) => {
      const score = learnedScore(category, stemsOf(pageText.slice(sentence.start, sentence.end)));
      if (score > bestScore) {
        bestScore = score;
        best = index;
      }
    });
  }
  const chosen = sentences[best]!;
  const next = sentences[best + 1];
  return chosen.end - chosen.start < SHORT_SENTENCE && next
    ? { start: chosen.start, end: next.end }
    : chosen;
}
