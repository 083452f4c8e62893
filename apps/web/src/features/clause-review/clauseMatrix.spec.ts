import {
  CLAUSE_REVIEW_CATEGORIES,
  CLAUSE_REVIEW_GROUPS,
  firstWords,
  RED_FLAG_CATEGORIES,
} from '@clearroom/contracts';
import { describe, expect, it } from 'vitest';
import {
  CUAD_CATEGORIES,
  makeClause,
  makeClauseMatrix,
  makeClausesResponse,
  makeDocumentClauses,
} from '../../test/fixtures';
import {
  applyFilters,
  bestClause,
  categoryCount,
  cellLabel,
  cellOf,
  columnGroups,
  clauseOfCell,
  countLabel,
  OTHER_GROUP_LABEL,
  redFlagsFound,
  reviewRows,
} from './clauseMatrix';
import { visibleRange } from './hooks/useGridWindow';

const response = makeClausesResponse({
  thresholds: { 'Change Of Control': 0.6, 'Anti-Assignment': 0.5 },
  documents: [
    makeDocumentClauses({
      documentId: 1,
      clauses: [
        makeClause({ category: 'Change Of Control', score: 0.3, pageNumber: 9 }),
        makeClause({ category: 'Change Of Control', score: 0.6, pageNumber: 4 }),
        makeClause({ category: 'Anti-Assignment', score: 0.49, pageNumber: 5 }),
        // No threshold sent for this category: 0.5 applies.
        makeClause({ category: 'Governing Law', score: 0.55, pageNumber: 12 }),
      ],
    }),
    makeDocumentClauses({
      documentId: 2,
      clauses: [makeClause({ category: 'Anti-Assignment', score: 0.45 })],
    }),
    makeDocumentClauses({ documentId: 3, note: 'Scanned without text.' }),
  ],
});
const rows = reviewRows(makeClauseMatrix(response));
const [first, second, scan] = rows;
if (!first || !second || !scan) throw new Error('three rows expected');

describe('cell statuses', () => {
  it('is found at or above the threshold, with the best clause of the category', () => {
    const cell = cellOf(first, 'Change Of Control');
    expect(cell.status).toBe('found');
    expect(cell.clause?.pageNumber).toBe(4);
    expect(cellOf(first, 'Governing Law').status).toBe('found');
  });

  it('is uncertain below the threshold, and not found without a clause', () => {
    expect(cellOf(first, 'Anti-Assignment')).toMatchObject({
      status: 'uncertain',
      clause: { pageNumber: 5 },
    });
    expect(cellOf(first, 'Exclusivity')).toEqual({ status: 'not-found', clause: null });
  });

  it('names a cell for assistive technology', () => {
    expect(cellLabel('Change Of Control', cellOf(first, 'Change Of Control'))).toBe(
      'Change Of Control: found on page 4',
    );
    expect(cellLabel('Anti-Assignment', cellOf(first, 'Anti-Assignment'))).toBe(
      'Anti-Assignment: uncertain on page 5',
    );
    expect(cellLabel('Exclusivity', cellOf(first, 'Exclusivity'))).toBe('Exclusivity: not found');
  });

  it('lists the red flags found, leaving uncertain ones out', () => {
    expect(redFlagsFound(first)).toEqual(['Change Of Control']);
    expect(redFlagsFound(second)).toEqual([]);
  });
});

describe('the clause behind a cell', () => {
  const clauses = [
    makeClause({ category: 'Change Of Control', score: 0.95, found: false, pageNumber: 2 }),
    makeClause({ category: 'Change Of Control', score: 0.6, found: true, pageNumber: 4 }),
    makeClause({ category: 'Change Of Control', score: 0.7, found: true, pageNumber: 6 }),
    makeClause({ category: 'Anti-Assignment', score: 0.3, found: false, pageNumber: 3 }),
  ];

  it("is the category's found clause of highest score, else its best candidate", () => {
    expect(bestClause(clauses, 'Change Of Control')?.pageNumber).toBe(6);
    expect(bestClause(clauses, 'Anti-Assignment')?.pageNumber).toBe(3);
    expect(bestClause(clauses, 'Exclusivity')).toBeUndefined();
  });

  it('is the clause at the cell’s offsets, or the best one once the document was classified again', () => {
    const [, onPageFour] = clauses;
    const { quote, ...cell } = onPageFour!;
    expect(clauseOfCell(clauses, { ...cell, firstWords: firstWords(quote) })).toBe(onPageFour);
    const moved = { ...cell, start: 500, end: 600, firstWords: '' };
    expect(clauseOfCell(clauses, moved)?.pageNumber).toBe(6);
  });
});

describe('columnGroups', () => {
  it("keeps the deal lawyer's groups in order, and adds the other categories on request", () => {
    expect(columnGroups(CUAD_CATEGORIES, false)).toEqual(CLAUSE_REVIEW_GROUPS);
    const all = columnGroups(CUAD_CATEGORIES, true);
    expect(all.map((group) => group.label)).toEqual([
      'Control',
      'Competition',
      'Term',
      'Liability',
      'Commercial',
      'IP',
      'Law',
      OTHER_GROUP_LABEL,
    ]);
    expect(all.flatMap((group) => group.categories).sort()).toEqual([...CUAD_CATEGORIES].sort());
    expect(all.at(-1)?.categories.slice(0, 3)).toEqual([
      'Document Name',
      'Parties',
      'Agreement Date',
    ]);
  });

  it("holds every red flag among the review's own columns (the first matrix has only those)", () => {
    expect(CLAUSE_REVIEW_CATEGORIES).toEqual(CLAUSE_REVIEW_GROUPS.flatMap((g) => g.categories));
    for (const category of RED_FLAG_CATEGORIES)
      expect(CLAUSE_REVIEW_CATEGORIES).toContain(category);
  });

  it('adds no empty "Other" group', () => {
    const grouped = CLAUSE_REVIEW_GROUPS.flatMap((group) => group.categories);
    expect(columnGroups(grouped, true)).toHaveLength(CLAUSE_REVIEW_GROUPS.length);
  });
});

describe('applyFilters', () => {
  const groups = columnGroups(CUAD_CATEGORIES, false);
  const none = { redFlagsOnly: false, documentId: null, category: null };

  it('keeps everything without filters', () => {
    const shown = applyFilters(groups, rows, none);
    expect(shown.groups).toEqual(groups);
    expect(shown.rows).toHaveLength(3);
  });

  it('red flags only: the red-flag columns, and the documents with a red flag found', () => {
    const shown = applyFilters(groups, rows, { ...none, redFlagsOnly: true });
    expect(shown.groups).toEqual([
      { label: 'Control', categories: ['Change Of Control', 'Anti-Assignment'] },
      { label: 'Competition', categories: ['Exclusivity', 'Non-Compete'] },
      { label: 'Liability', categories: ['Uncapped Liability', 'Liquidated Damages'] },
      { label: 'Commercial', categories: ['Most Favored Nation', 'Rofr/Rofo/Rofn'] },
    ]);
    expect(shown.rows.map((row) => row.document.documentId)).toEqual([1]);
  });

  it('one document, one category', () => {
    expect(
      applyFilters(groups, rows, { ...none, documentId: 2 }).rows.map(
        (row) => row.document.documentId,
      ),
    ).toEqual([2]);
    expect(applyFilters(groups, rows, { ...none, category: 'Governing Law' }).groups).toEqual([
      { label: 'Law', categories: ['Governing Law'] },
    ]);
  });
});

describe('counts', () => {
  it('counts the documents with the category found, out of those with text', () => {
    expect(categoryCount(rows, 'Change Of Control')).toEqual({ found: 1, total: 2 });
    expect(categoryCount(rows, 'Anti-Assignment')).toEqual({ found: 0, total: 2 });
    expect(countLabel('Change Of Control', { found: 7, total: 23 })).toBe(
      'Change Of Control: 7 of 23 agreements',
    );
    expect(countLabel('Insurance', { found: 1, total: 1 })).toBe('Insurance: 1 of 1 agreement');
  });
});

describe('firstWords', () => {
  it('shows the first words, with an ellipsis when the clause goes on', () => {
    expect(firstWords('  This Agreement\nshall be governed ')).toBe(
      'This Agreement shall be governed',
    );
    expect(firstWords('one two three four five six seven eight nine ten')).toBe(
      'one two three four five six seven eight…',
    );
  });
});

describe('visibleRange', () => {
  it('covers the items in view plus the overscan, within the count', () => {
    expect(visibleRange(0, 600, 60, 449, 3)).toEqual({ start: 0, end: 13 });
    expect(visibleRange(6000, 600, 60, 449, 3)).toEqual({ start: 97, end: 113 });
    expect(visibleRange(26_400, 600, 60, 449, 3)).toEqual({ start: 437, end: 449 });
  });
});
