import type { ProjectFile, SuccessResponse } from '@clearroom/contracts';
import { api } from '../../../api/api';
import { isAnalysed } from '../fileStatus';

/** Spec §7: a missing or non-array `files` reads as an empty list. */
function readFiles(response: unknown): ProjectFile[] {
  const files = (response as { files?: unknown } | null)?.files;
  return Array.isArray(files) ? (files as ProjectFile[]) : [];
}

function countAnalysed(files: ProjectFile[]): number {
  return files.filter(isAnalysed).length;
}

export type DeleteFileArgs = Pick<ProjectFile, 'id' | 'projectId'>;

export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjectFiles: build.query<ProjectFile[], number>({
      query: (projectId) => `/projects/${projectId}/files`,
      transformResponse: readFiles,
      providesTags: (_files, _error, projectId) => [{ type: 'ProjectFiles', id: projectId }],
      // 'Documents Analyzed' on the dashboard counts analysed files, and the Clause Review
      // shows their clauses: when polling sees one finish, both cached answers are out of date.
      async onQueryStarted(projectId, lifecycle) {
        const before = lifecycle.getCacheEntry().data;
        try {
          const { data: after } = await lifecycle.queryFulfilled;
          if (before && countAnalysed(before) !== countAnalysed(after)) {
            lifecycle.dispatch(
              api.util.invalidateTags(['Stats', { type: 'Clauses', id: projectId }]),
            );
          }
        } catch {
          // The failure is shown by the list itself.
        }
      },
    }),

    deleteFile: build.mutation<SuccessResponse, DeleteFileArgs>({
      query: ({ id }) => ({ url: `/files/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { projectId }) =>
        error
          ? []
          : [{ type: 'ProjectFiles', id: projectId }, { type: 'Clauses', id: projectId }, 'Stats'],
    }),
  }),
});

export const { useGetProjectFilesQuery, useDeleteFileMutation } = documentsApi;
