import { useGetUserQuery } from '../api/authApi';

/**
 * The signed-in user: `undefined` while unknown, `null` when signed out.
 * This is the one query refetched when the window regains focus (spec §7).
 */
export function useCurrentUser() {
  const { data, isLoading, isFetching, isUninitialized } = useGetUserQuery(undefined, {
    refetchOnFocus: true,
  });
  const user = isLoading || isUninitialized ? undefined : (data ?? null);
  return { user, isLoading: isLoading || isUninitialized, isFetching };
}
