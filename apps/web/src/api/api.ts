import { createApi, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery';

function isAuthRequest(args: string | FetchArgs): boolean {
  const url = typeof args === 'string' ? args : args.url;
  return url.startsWith('/auth/');
}

/**
 * A 401 from any other endpoint means the session has ended (expired, or signed out in another
 * tab): the current user is then refetched, comes back null, and the protected pages send the
 * visitor to /login. A 403 means the user's role in a project no longer allows what the page
 * offered (an owner changed it meanwhile): the projects, which carry the role, are refetched so
 * that the page stops offering it.
 */
const baseQueryWithSessionCheck: typeof baseQuery = async (args, queryApi, extraOptions) => {
  const result = await baseQuery(args, queryApi, extraOptions);
  if (result.error?.status === 401 && !isAuthRequest(args)) {
    queryApi.dispatch(api.util.invalidateTags(['User']));
  }
  if (result.error?.status === 403 && !isAuthRequest(args)) {
    queryApi.dispatch(api.util.invalidateTags([{ type: 'Projects', id: 'LIST' }]));
  }
  return result;
};

/**
 * The one RTK Query API of the app. Features add their endpoints with `api.injectEndpoints`, so
 * that a page's endpoints are bundled with that page (the landing page downloads none of them).
 *
 * Defaults (spec §9): data never goes stale on its own, no refetch on focus (the current user
 * opts in), no polling, no retries.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSessionCheck,
  tagTypes: [
    'User',
    'Projects',
    'Stats',
    'ProjectFiles',
    'ChatSessions',
    'ChatHistory',
    'Clauses',
    'Reviews',
    'ReviewTemplates',
    'Members',
    'Activity',
    'AdminUsers',
  ],
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
