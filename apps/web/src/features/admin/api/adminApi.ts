import type {
  AdminUser,
  AdminUserResponse,
  AdminUsersResponse,
  DeletedProjectsResponse,
  UpdateAdminUserRequest,
} from '@clearroom/contracts';
import { api } from '../../../api/api';

export type UpdateUserArgs = { id: number; changes: UpdateAdminUserRequest };

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<AdminUser[], void>({
      query: () => '/admin/users',
      transformResponse: (response: AdminUsersResponse) => response.users,
      providesTags: [{ type: 'AdminUsers', id: 'LIST' }],
    }),

    updateAdminUser: build.mutation<AdminUser, UpdateUserArgs>({
      query: ({ id, changes }) => ({ url: `/admin/users/${id}`, method: 'PATCH', body: changes }),
      transformResponse: (response: AdminUserResponse) => response.user,
      // The answer is the user as saved: written into the list without a refetch.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data: saved } = await queryFulfilled.catch(() => ({ data: null }));
        if (!saved) return;
        dispatch(
          adminApi.util.updateQueryData('getAdminUsers', undefined, (users) =>
            users.map((user) => (user.id === saved.id ? saved : user)),
          ),
        );
      },
    }),

    getDeletedProjects: build.query<DeletedProjectsResponse, void>({
      query: () => '/admin/deleted-projects',
      providesTags: [{ type: 'AdminUsers', id: 'DELETED_PROJECTS' }],
    }),
  }),
});

export const { useGetAdminUsersQuery, useUpdateAdminUserMutation, useGetDeletedProjectsQuery } =
  adminApi;
