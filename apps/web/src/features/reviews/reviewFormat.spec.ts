import type { ReviewCell, ReviewDetail } from '@clearroom/contracts';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  confidenceLabel,
  DEFAULT_VIEW,
  progressLabel,
  visibleRows,
} from './reviewFormat';

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

const review: ReviewDetail = {
  id: 1,
  projectId: 1,
  name: 'Leases',
  status: 'completed',
  progress: { done: 4, total: 4 },
  createdAt: '2026-03-14T10:00:00.000Z',
  allDocuments: true,
  columns: [{ id: 10, label: 'Governing law', question: 'Which law?', type: 'place' }],
  totalRows: 3,
  offset: 0,
  rows: [
    {
      documentId: 1,
      originalname: 'b lease 10.pdf',
      filename: 'b.pdf',
      mimetype: 'application/pdf',
      cells: [cell(10, { value: 'New York', flagged: true })],
    },
    {
      documentId: 2,
      originalname: 'a lease 9.pdf',
      filename: 'a.pdf',
      mimetype: 'application/pdf',
      cells: [cell(10, { value: 'Delaware', verified: true })],
    },
    {
      documentId: 3,
      originalname: 'C supply.pdf',
      filename: 'c.pdf',
      mimetype: 'application/pdf',
      cells: [cell(10, { status: 'not_found' })],
    },
  ],
};

const names = (rows: ReviewDetail['rows']) => rows.map((row) => row.originalname);

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

  it('sorts by document name in natural order, or by a column, either way', () => {
    expect(names(visibleRows(review, DEFAULT_VIEW))).toEqual([
      'a lease 9.pdf',
      'b lease 10.pdf',
      'C supply.pdf',
    ]);
    expect(
      names(visibleRows(review, { ...DEFAULT_VIEW, sort: { columnId: 10, direction: 'desc' } })),
    ).toEqual(['C supply.pdf', 'b lease 10.pdf', 'a lease 9.pdf']);
  });

  it('filters rows by document name, by a column value and by review state', () => {
    expect(names(visibleRows(review, { ...DEFAULT_VIEW, documentFilter: 'LEASE' }))).toEqual([
      'a lease 9.pdf',
      'b lease 10.pdf',
    ]);
    expect(
      names(visibleRows(review, { ...DEFAULT_VIEW, columnFilter: { columnId: 10, text: 'york' } })),
    ).toEqual(['b lease 10.pdf']);
    expect(names(visibleRows(review, { ...DEFAULT_VIEW, rowFilter: 'flagged' }))).toEqual([
      'b lease 10.pdf',
    ]);
    expect(names(visibleRows(review, { ...DEFAULT_VIEW, rowFilter: 'unverified' }))).toEqual([
      'b lease 10.pdf',
      'C supply.pdf',
    ]);
    expect(names(visibleRows(review, { ...DEFAULT_VIEW, rowFilter: 'not_found' }))).toEqual([
      'C supply.pdf',
    ]);
  });
});
