import { useMemo } from 'react';
import { UNCERTAIN_FLOOR, useGetClauseMatrixQuery } from '../api/clausesApi';
import { redFlagsFound, reviewRows } from '../clauseMatrix';

/**
 * The red-flag categories found in each analysed document of a project (at the model's
 * thresholds), by document id; null until known (or when the clauses cannot be loaded). A
 * document that could not be read (a scan without text) has none to count. Read from the Clause
 * Review's matrix (the same request), so that opening the review from here finds it loaded.
 */
export function useRedFlags(projectId: number): ReadonlyMap<number, string[]> | null {
  const { data } = useGetClauseMatrixQuery({ projectId, minScore: UNCERTAIN_FLOOR });
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
