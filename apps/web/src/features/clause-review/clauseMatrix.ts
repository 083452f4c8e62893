import {
  CLAUSE_REVIEW_GROUPS,
  RED_FLAG_CATEGORIES,
  type ClauseMatrixCell,
  type ClauseMatrixDocument,
  type ClauseMatrixResponse,
  type ClauseSpan,
} from '@clearroom/contracts';

/**
 * The Clause Review's matrix, from the matrix response: one row per document, one column per
 * category, each cell the category's best clause in that document and its status.
 */

/** Found: the best clause reaches the category's threshold; uncertain: a clause below it. */
export type CellStatus = 'found' | 'uncertain' | 'not-found';

export type ClauseCell = { status: CellStatus; clause: ClauseMatrixCell | null };

export type ReviewRow = {
  document: ClauseMatrixDocument;
  /** By category; a category with no clause has no entry (not found). */
  cells: ReadonlyMap<string, ClauseCell>;
};

export type ColumnGroup = { label: string; categories: string[] };

export type ReviewFilters = {
  redFlagsOnly: boolean;
  documentId: number | null;
  category: string | null;
};

export const OTHER_GROUP_LABEL = 'Other';

const NOT_FOUND: ClauseCell = { status: 'not-found', clause: null };

export function isRedFlag(category: string): boolean {
  return RED_FLAG_CATEGORIES.includes(category);
}

/**
 * The category's clause a cell stands for: the one the model reports (found), else its best
 * candidate. The server picks the matrix's cells by the same rule.
 */
export function bestClause(
  clauses: readonly ClauseSpan[],
  category: string,
): ClauseSpan | undefined {
  let best: ClauseSpan | undefined;
  for (const clause of clauses) {
    if (clause.category !== category) continue;
    const better =
      !best ||
      (clause.found && !best.found) ||
      (clause.found === best.found && clause.score > best.score);
    if (better) best = clause;
  }
  return best;
}

/** The clause a matrix cell shows, among its document's clauses (with their text). */
export function clauseOfCell(
  clauses: readonly ClauseSpan[],
  cell: ClauseMatrixCell,
): ClauseSpan | undefined {
  // The same clause, unless the document was classified again since the matrix was read.
  const same = clauses.find(
    (clause) =>
      clause.category === cell.category &&
      clause.pageNumber === cell.pageNumber &&
      clause.start === cell.start &&
      clause.end === cell.end,
  );
  return same ?? bestClause(clauses, cell.category);
}

export function reviewRows(response: ClauseMatrixResponse): ReviewRow[] {
  return response.documents.map((document) => {
    // The model decides presence per document (its document layer), so `found` is the answer;
    // a candidate it does not report is only a possibility.
    const cells = new Map<string, ClauseCell>(
      document.cells.map((clause) => [
        clause.category,
        { status: clause.found ? 'found' : 'uncertain', clause },
      ]),
    );
    return { document, cells };
  });
}

export function cellOf(row: ReviewRow, category: string): ClauseCell {
  return row.cells.get(category) ?? NOT_FOUND;
}

/** The red-flag categories a document's clauses were found for, in the filter's order. */
export function redFlagsFound(row: ReviewRow): string[] {
  return RED_FLAG_CATEGORIES.filter((category) => cellOf(row, category).status === 'found');
}

/** The deal lawyer's groups; with `showAll`, the model's remaining categories as "Other". */
export function columnGroups(categories: readonly string[], showAll: boolean): ColumnGroup[] {
  const groups = CLAUSE_REVIEW_GROUPS.map(({ label, categories: grouped }) => ({
    label,
    categories: [...grouped],
  }));
  if (!showAll) return groups;
  const grouped = new Set(groups.flatMap((group) => group.categories));
  const others = categories.filter((category) => !grouped.has(category));
  return others.length > 0 ? [...groups, { label: OTHER_GROUP_LABEL, categories: others }] : groups;
}

/**
 * The groups and rows left by the filters. Red flags only keeps the red-flag columns and the
 * documents with at least one red flag found.
 */
export function applyFilters(
  groups: readonly ColumnGroup[],
  rows: readonly ReviewRow[],
  { redFlagsOnly, documentId, category }: ReviewFilters,
): { groups: ColumnGroup[]; rows: ReviewRow[] } {
  const keep = (candidate: string) =>
    (!redFlagsOnly || isRedFlag(candidate)) && (category === null || candidate === category);
  return {
    groups: groups
      .map((group) => ({ label: group.label, categories: group.categories.filter(keep) }))
      .filter((group) => group.categories.length > 0),
    rows: rows.filter(
      (row) =>
        (documentId === null || row.document.documentId === documentId) &&
        (!redFlagsOnly || redFlagsFound(row).length > 0),
    ),
  };
}

export type CategoryCount = { found: number; total: number };

/** Documents with the category found, out of those that could be read (no note). */
export function categoryCount(rows: readonly ReviewRow[], category: string): CategoryCount {
  const readable = rows.filter((row) => row.document.note === null);
  return {
    found: readable.filter((row) => cellOf(row, category).status === 'found').length,
    total: readable.length,
  };
}

/** "Change Of Control: 7 of 23 agreements". */
export function countLabel(category: string, { found, total }: CategoryCount): string {
  return `${category}: ${found} of ${total} ${total === 1 ? 'agreement' : 'agreements'}`;
}

const STATUS_TEXT: Record<CellStatus, string> = {
  found: 'found',
  uncertain: 'uncertain',
  'not-found': 'not found',
};

/** A cell's accessible name: "Change Of Control: found on page 4". */
export function cellLabel(category: string, { status, clause }: ClauseCell): string {
  return clause
    ? `${category}: ${STATUS_TEXT[status]} on page ${clause.pageNumber}`
    : `${category}: ${STATUS_TEXT[status]}`;
}
