import { useMemo } from 'react';
import { reviewMatrixArgs, useGetClauseMatrixQuery } from '../api/clausesApi';
import { redFlagsFound, reviewRows } from '../clauseMatrix';

/**
 * The red-flag categories found in each analysed document of a project (at the model's
 * thresholds), by document id; null until known (or when the clauses cannot be loaded). A
 * document that could not be read (a scan without text) has none to count. Read from the Clause
 * Review's matrix (the same request: every red-flag category is one of the review's columns), so
 * that opening the review from here finds it loaded.
 */
export function useRedFlags(projectId: number): ReadonlyMap<number, string[]> | null {
  const { data } = useGetClauseMatrixQuery(reviewMatrixArgs(projectId, false));
  return useMemo(
    () =>
      data
        ? new Map(
            reviewRows(data)
              .filter((row) => row.document.note === null)
              .map((row) => [row.document.documentId, redFlagsFound(row)]),
          )
        : null,
    [data],
  );
}
