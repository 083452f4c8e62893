import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { useGetProjectsQuery } from '../api/projectsApi';

/** The signed-in user's projects, newest first; never fetched without a user (spec §6). */
export function useProjects() {
  const { user } = useCurrentUser();
  const query = useGetProjectsQuery(undefined, { skip: !user });
  return {
    projects: query.data ?? [],
    // Loading until the user is known and, with a user, until the first answer arrives.
    isLoading: user === undefined || query.isLoading || (user !== null && query.isUninitialized),
    isError: query.isError,
    /** The list failed because the session ended (the app then goes to /login by itself). */
    isUnauthenticated: query.isError && 'status' in query.error && query.error.status === 401,
    isSuccess: query.isSuccess,
    refetch: query.refetch,
  };
}
