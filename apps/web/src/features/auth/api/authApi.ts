import type {
  AuthConfigResponse,
  AuthMode,
  LoginRequest,
  LogoutResponse,
  RegisterRequest,
  User,
  UserResponse,
} from '@clearroom/contracts';
import { api } from '../../../api/api';
import { pageNavigation } from './pageNavigation';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null when signed out (401 is an answer here, not an error). */
    getUser: build.query<User | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('/auth/user');
        if (result.error) {
          return result.error.status === 401 ? { data: null } : { error: result.error };
        }
        return { data: (result.data as UserResponse).user };
      },
      providesTags: ['User'],
      keepUnusedDataFor: 300,
    }),

    /** How this server signs people in: its own accounts, or single sign-on. */
    getAuthMode: build.query<AuthMode, void>({
      query: () => '/auth/config',
      transformResponse: (response: AuthConfigResponse) => response.mode,
      keepUnusedDataFor: 3600,
    }),

    login: build.mutation<User, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: (response: UserResponse) => response.user,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: null }));
        // Replace the cached user at once; the invalidation below then refetches it.
        if (user) dispatch(setCachedUser(user));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['User', 'Projects', 'Stats']),
    }),

    register: build.mutation<User, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      transformResponse: (response: UserResponse) => response.user,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: null }));
        // The server has started a session: the new user is signed in at once.
        if (user) dispatch(setCachedUser(user));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['User', 'Projects', 'Stats']),
    }),

    logout: build.mutation<LogoutResponse, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.then(
          ({ data }) => data,
          () => null,
        );
        if (!result) return;
        // Nothing of the previous user may stay in memory.
        dispatch(api.util.resetApiState());
        dispatch(setCachedUser(null));
        // Single sign-on: the identity provider's session ends on its own page, which then
        // sends the browser back here.
        if (result.redirectUrl) pageNavigation.assign(result.redirectUrl);
      },
    }),
  }),
});

/** Writes the cached user synchronously (creating the cache entry if need be). */
function setCachedUser(user: User | null) {
  return authApi.util.upsertQueryEntries([
    { endpointName: 'getUser', arg: undefined, value: user },
  ]);
}

export const {
  useGetUserQuery,
  useGetAuthModeQuery,
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
} = authApi;
