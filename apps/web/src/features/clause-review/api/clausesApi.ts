import type { ClausesResponse } from '@clearroom/contracts';
import { api } from '../../../api/api';

/** The Clause Review asks for candidates down to this score: below a threshold is "uncertain". */
export const UNCERTAIN_FLOOR = 0.2;

export type ProjectClausesArgs = {
  projectId: number;
  /** Leave out for the clauses at or above each category's threshold only. */
  minScore?: number;
};

export type ClausesExportFormat = 'xlsx' | 'csv';

/** The server writes the export; the page links to it. */
export function clausesExportUrl(projectId: number, format: ClausesExportFormat): string {
  return `/api/projects/${projectId}/clauses/export?format=${format}`;
}

export const clausesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjectClauses: build.query<ClausesResponse, ProjectClausesArgs>({
      query: ({ projectId, minScore }) => ({
        url: `/projects/${projectId}/clauses`,
        params: minScore === undefined ? undefined : { minScore },
      }),
      providesTags: (_response, _error, { projectId }) => [{ type: 'Clauses', id: projectId }],
    }),
  }),
});

export const { useGetProjectClausesQuery } = clausesApi;
