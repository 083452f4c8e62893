import { GENERIC_ERROR_MESSAGE } from '../../../api/baseQuery';
import { documentsApi, useGetProjectFilesQuery } from '../api/documentsApi';
import { isInProgress } from '../fileStatus';

/** Spec §9: how often the list is refetched while any file is still being analysed. */
export const IN_PROGRESS_POLL_MS = 3000;

type Options = {
  /** Refetch at this interval whatever the files' statuses (the Documents page: 2000 ms). */
  refreshEveryMs?: number;
};

/**
 * A project's files, newest first. Polls every 3 s while a file is awaiting or in analysis and
 * stops once none is (spec §4); with `refreshEveryMs`, at least that often.
 */
export function useProjectFiles(projectId: number, { refreshEveryMs }: Options = {}) {
  // The last files received, kept through a failed refetch: polling goes on while one of them
  // is in progress, so a passing network failure heals by itself.
  const { data: lastFiles = [] } = documentsApi.endpoints.getProjectFiles.useQueryState(projectId);
  const intervals = [
    ...(lastFiles.some(isInProgress) ? [IN_PROGRESS_POLL_MS] : []),
    ...(refreshEveryMs ? [refreshEveryMs] : []),
  ];
  const pollingInterval = intervals.length > 0 ? Math.min(...intervals) : 0;
  const query = useGetProjectFilesQuery(projectId, { pollingInterval });

  return {
    // Spec §7: a failed list reads as empty.
    files: query.isError ? [] : (query.data ?? []),
    isLoading: query.isLoading,
    /** Spec §2: shown as 'Error loading files: {message}'. */
    loadError: query.isError ? query.error.message || GENERIC_ERROR_MESSAGE : null,
    refetch: query.refetch,
  };
}
