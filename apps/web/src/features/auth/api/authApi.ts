import type {
  LoginRequest,
  RegisterRequest,
  SuccessResponse,
  User,
  UserResponse,
} from '@clearroom/contracts';
import { api } from '../../../api/api';

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

    logout: build.mutation<SuccessResponse, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const ok = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!ok) return;
        // Nothing of the previous user may stay in memory.
        dispatch(api.util.resetApiState());
        dispatch(setCachedUser(null));
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

export const { useGetUserQuery, useLoginMutation, useRegisterMutation, useLogoutMutation } =
  authApi;
