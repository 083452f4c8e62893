import { describe, expect, it } from '@jest/globals';
import type { AnswerPassage } from './answerer.port.js';
import { NOTHING_FOUND_ANSWER } from './answerer.port.js';
import { composeExtractiveAnswer, ExtractiveAnswerer } from './extractive.answerer.js';

const passages: AnswerPassage[] = [
  {
    n: 1,
    originalname: 'License.pdf',
    pageNumber: 12,
    text: 'Section 14.2 Assignment. Licensee may not assign this Agreement, whether by merger, change of control or otherwise, without the prior written consent of Licensor. Licensor may assign freely.',
  },
  {
    n: 2,
    originalname: 'License.pdf',
    pageNumber: 3,
    text: 'Section 2.1 Term. The term of this Agreement begins on the Effective Date and ends on December 31, 2030. Notices must be in writing.',
  },
  {
    n: 3,
    originalname: 'Side Letter.pdf',
    pageNumber: 1,
    text: 'The parties confirm that a change of control of Licensee requires notice within ten days.',
  },
];

const compose = (
  question: string,
  history: { role: 'user' | 'assistant'; content: string }[] = [],
) => composeExtractiveAnswer({ question, history, passages });

describe('ExtractiveAnswerer', () => {
  it('quotes the most relevant sentences word for word, each followed by its citation', () => {
    const answer = compose('Can the licensee assign the agreement after a change of control?');
    expect(answer).toContain(
      '“Licensee may not assign this Agreement, whether by merger, change of control or otherwise, without the prior written consent of Licensor.” [1]',
    );
    for (const quote of answer.matchAll(/“([^”]+)” \[(\d)\]/g)) {
      const passage = passages.find((p) => p.n === Number(quote[2]))!;
      expect(passage.text.replace(/\s+/g, ' ')).toContain(quote[1]);
    }
  });

  it('groups quotes by document, naming each, best document first', () => {
    const answer = compose('What happens on a change of control of the licensee?');
    const paragraphs = answer.split('\n\n');
    expect(paragraphs[0]).toMatch(/^From License\.pdf:\n/);
    expect(paragraphs.some((paragraph) => paragraph.startsWith('From Side Letter.pdf:\n'))).toBe(
      true,
    );
  });

  it('answers a follow-up from the conversation when the question alone says little', () => {
    const answer = compose('And when does it end?', [
      { role: 'user', content: 'What is the term of the agreement?' },
    ]);
    expect(answer).toContain('ends on December 31, 2030');
    expect(answer).toContain('[2]');
  });

  it('says plainly that nothing was found instead of quoting noise', () => {
    expect(compose('What is the purchase price for the shares?')).toBe(NOTHING_FOUND_ANSWER);
    expect(composeExtractiveAnswer({ question: 'term?', history: [], passages: [] })).toBe(
      NOTHING_FOUND_ANSWER,
    );
  });

  it('streams the answer in pieces and stops when aborted', async () => {
    const answerer = new ExtractiveAnswerer();
    const request = {
      question: 'What happens on a change of control of the licensee?',
      history: [],
      passages,
      signal: new AbortController().signal,
    };
    const pieces: string[] = [];
    for await (const piece of answerer.stream(request)) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(composeExtractiveAnswer(request));

    const abort = new AbortController();
    abort.abort();
    const none: string[] = [];
    for await (const piece of answerer.stream({ ...request, signal: abort.signal }))
      none.push(piece);
    expect(none).toEqual([]);
  });
});
