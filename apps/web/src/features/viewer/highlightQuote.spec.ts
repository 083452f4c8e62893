import { describe, expect, it } from 'vitest';
import { findQuoteRanges, highlightQuote } from './highlightQuote';

describe('findQuoteRanges', () => {
  it('finds a quote across runs, ignoring the spaces and newlines the server added', () => {
    const runs = ['1. Term.', 'This Agree', 'ment shall', 'remain in force', 'for ten years.'];
    expect(findQuoteRanges(runs, 'This Agreement shall remain\nin force for ten')).toEqual([
      { piece: 1, start: 0, end: 10 },
      { piece: 2, start: 0, end: 10 },
      { piece: 3, start: 0, end: 15 },
      { piece: 4, start: 0, end: 7 },
    ]);
  });

  it('matches part of a run, and whitespace inside the quote', () => {
    expect(
      findQuoteRanges(['Preamble. The  term is\u00a0five years. Rest'], 'term is five years.'),
    ).toEqual([{ piece: 0, start: 15, end: 34 }]);
  });

  it('prefers an exact-case match and falls back to ignoring case', () => {
    expect(findQuoteRanges(['LICENSE FEE', 'License fee'], 'License fee')).toEqual([
      { piece: 1, start: 0, end: 11 },
    ]);
    expect(findQuoteRanges(['THE LICENSE FEE IS DUE'], 'license fee')).toEqual([
      { piece: 0, start: 4, end: 15 },
    ]);
  });

  it('skips characters the extractor dropped (zero-width, control)', () => {
    expect(findQuoteRanges(['ten\u200b years'], 'ten years')).toEqual([
      { piece: 0, start: 0, end: 10 },
    ]);
  });

  it('finds nothing for an absent or blank quote', () => {
    expect(findQuoteRanges(['Some text'], 'other text')).toEqual([]);
    expect(findQuoteRanges(['Some text'], '  \n ')).toEqual([]);
  });
});

describe('highlightQuote', () => {
  it('wraps the matching parts of the runs in highlight marks', () => {
    const runs = ['Section 2. The term', ' is ten', 'years. End'].map((text) => {
      const span = document.createElement('span');
      span.textContent = text;
      document.body.append(span);
      return span;
    });

    const marks = highlightQuote(runs, 'The term is ten years.');

    expect(marks.map((mark) => mark.textContent)).toEqual(['The term', 'is ten', 'years.']);
    expect(marks.every((mark) => mark.dataset['testid'] === 'citation-highlight')).toBe(true);
    expect(runs.map((run) => run.textContent)).toEqual([
      'Section 2. The term',
      ' is ten',
      'years. End',
    ]);
    expect(runs[0]?.querySelector('mark')).toBe(marks[0]);
    expect(highlightQuote(runs, 'not there')).toEqual([]);
  });
});
