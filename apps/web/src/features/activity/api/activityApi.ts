import type {
  ActivityAction,
  ActivityPage,
  DocumentViewSummaryResponse,
} from '@clearroom/contracts';
import { api } from '../../../api/api';

/** The activity table's filters; an absent one matches everything. */
export type ActivityFilters = {
  actor?: number | undefined;
  action?: ActivityAction | undefined;
  documentId?: number | undefined;
};

export type ActivityQueryArgs = { projectId: number; filters: ActivityFilters };

/** Entries per page (the API's default). */
export const ACTIVITY_PAGE_SIZE = 50;

/** The filters as query parameters, the same for a page and for the CSV export. */
export function activitySearchParams(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actor !== undefined) params.set('actor', String(filters.actor));
  if (filters.action !== undefined) params.set('action', filters.action);
  if (filters.documentId !== undefined) params.set('documentId', String(filters.documentId));
  return params;
}

/** `GET /api/projects/:id/activity/export`: the filtered log as a CSV attachment. */
export function activityExportUrl(projectId: number, filters: ActivityFilters): string {
  const query = activitySearchParams(filters).toString();
  return `/api/projects/${projectId}/activity/export${query ? `?${query}` : ''}`;
}

export const activityApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The log newest first, a page at a time: each next page starts before the oldest entry
     * shown (keyset paging, `nextBefore`), so entries added meanwhile never shift the pages.
     */
    getActivity: build.infiniteQuery<ActivityPage, ActivityQueryArgs, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextBefore,
      },
      query: ({ queryArg: { projectId, filters }, pageParam }) => {
        const params = activitySearchParams(filters);
        if (pageParam !== null) params.set('before', String(pageParam));
        params.set('limit', String(ACTIVITY_PAGE_SIZE));
        return `/projects/${projectId}/activity?${params.toString()}`;
      },
      providesTags: (_result, _error, { projectId }) => [{ type: 'Activity', id: projectId }],
    }),

    /** Per document: how many people viewed it, and when last. */
    getDocumentViews: build.query<DocumentViewSummaryResponse, number>({
      query: (projectId) => `/projects/${projectId}/activity/documents`,
      providesTags: (_result, _error, projectId) => [{ type: 'Activity', id: projectId }],
    }),
  }),
});

export const { useGetActivityInfiniteQuery, useGetDocumentViewsQuery } = activityApi;
