import { cellText, DEFAULT_REVIEW_VIEW, type ReviewCell } from '@clearroom/contracts';
import { describe, expect, it } from 'vitest';
import { confidenceLabel, progressLabel, viewParams } from './reviewFormat';

const cell = (columnId: number, overrides: Partial<ReviewCell> = {}): ReviewCell => ({
  columnId,
  status: 'answered',
  value: null,
  answer: null,
  confidence: null,
  citations: [],
  verified: false,
  edited: false,
  originalValue: null,
  flagged: false,
  comment: null,
  ...overrides,
});

describe('review grid formatting', () => {
  it('counts progress with thousands separators', () => {
    expect(progressLabel({ done: 312, total: 4490 })).toBe('312 of 4,490 cells');
    expect(progressLabel({ done: 0, total: 1 })).toBe('0 of 1 cell');
  });

  it('says why a cell has no value, and shows a correction when there is one', () => {
    expect(cellText(cell(1, { status: 'not_found' }))).toBe('Not found');
    expect(cellText(cell(1, { status: 'redacted' }))).toBe('Redacted');
    expect(cellText(cell(1, { status: 'pending' }))).toBe('Pending…');
    expect(cellText(cell(1, { status: 'not_found', value: 'Texas', edited: true }))).toBe('Texas');
  });

  it('puts the confidence in words', () => {
    expect([0.9, 0.6, 0.2, null].map(confidenceLabel)).toEqual(['High', 'Medium', 'Low', null]);
  });

  it("asks the server for the view's sort and filters, leaving the defaults out", () => {
    expect(viewParams(DEFAULT_REVIEW_VIEW).toString()).toBe('');
    expect(
      viewParams({
        sort: 10,
        direction: 'desc',
        document: ' lease ',
        column: 10,
        value: 'new york',
        rows: 'flagged',
      }).toString(),
    ).toBe('sort=10&direction=desc&document=lease&column=10&value=new+york&rows=flagged');
    // A value without its column, or a column without a value, filters nothing.
    expect(viewParams({ ...DEFAULT_REVIEW_VIEW, value: 'york' }).toString()).toBe('');
    expect(viewParams({ ...DEFAULT_REVIEW_VIEW, column: 10, value: ' ' }).toString()).toBe('');
  });
});
