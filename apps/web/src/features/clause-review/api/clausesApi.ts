import type {
  ClauseMatrixCell,
  ClauseMatrixResponse,
  ClauseSpan,
  ClausesResponse,
} from '@clearroom/contracts';
import { api } from '../../../api/api';
import type { AppDispatch } from '../../../app/store';
import { clauseOfCell } from '../clauseMatrix';

/** The Clause Review asks for candidates down to this score: below a threshold is "uncertain". */
export const UNCERTAIN_FLOOR = 0.2;

export type ClauseMatrixArgs = {
  projectId: number;
  /** Leave out for the clauses at or above each category's threshold only. */
  minScore?: number;
  /** `review`: the cells of the review's grouped categories only; leave out for every category. */
  columns?: 'review';
};

/**
 * The matrix the Clause Review shows: the cells of its grouped categories (about half of the
 * whole matrix) until "Show all" asks for every category.
 */
export function reviewMatrixArgs(projectId: number, showAll: boolean): ClauseMatrixArgs {
  return showAll
    ? { projectId, minScore: UNCERTAIN_FLOOR }
    : { projectId, minScore: UNCERTAIN_FLOOR, columns: 'review' };
}

export type DocumentClausesArgs = {
  /** The document's project: its clauses are refreshed with the project's. */
  projectId: number;
  documentId: number;
  minScore?: number;
};

export type ClausesExportFormat = 'xlsx' | 'csv';

/** The server writes the export; the page links to it. */
export function clausesExportUrl(projectId: number, format: ClausesExportFormat): string {
  return `/api/projects/${projectId}/clauses/export?format=${format}`;
}

const scoreParams = (minScore: number | undefined) =>
  minScore === undefined ? undefined : { minScore };

export const clausesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Each category's best clause per document, without its text: the matrix's first screen. */
    getClauseMatrix: build.query<ClauseMatrixResponse, ClauseMatrixArgs>({
      query: ({ projectId, minScore, columns }) => ({
        url: `/projects/${projectId}/clauses/matrix`,
        params: { ...scoreParams(minScore), ...(columns ? { columns } : {}) },
      }),
      providesTags: (_response, _error, { projectId }) => [{ type: 'Clauses', id: projectId }],
    }),
    /** One document's clauses with their text: read when a cell is hovered or opened. */
    getDocumentClauses: build.query<ClausesResponse, DocumentClausesArgs>({
      query: ({ documentId, minScore }) => ({
        url: `/files/${documentId}/clauses`,
        params: scoreParams(minScore),
      }),
      providesTags: (_response, _error, { projectId }) => [{ type: 'Clauses', id: projectId }],
    }),
  }),
});

export const { useGetClauseMatrixQuery, useGetDocumentClausesQuery } = clausesApi;

/** The clause a matrix cell shows, with its text; undefined when the document no longer has it. */
export async function readClause(
  dispatch: AppDispatch,
  projectId: number,
  documentId: number,
  cell: ClauseMatrixCell,
): Promise<ClauseSpan | undefined> {
  const request = dispatch(
    clausesApi.endpoints.getDocumentClauses.initiate({
      projectId,
      documentId,
      minScore: UNCERTAIN_FLOOR,
    }),
  );
  try {
    const response = await request.unwrap();
    return clauseOfCell(response.documents[0]?.clauses ?? [], cell);
  } finally {
    request.unsubscribe();
  }
}
