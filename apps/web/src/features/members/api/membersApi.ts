import type {
  AddProjectMemberRequest,
  ProjectMemberResponse,
  ProjectMembersResponse,
  ProjectRole,
  SuccessResponse,
} from '@clearroom/contracts';
import { api } from '../../../api/api';

export type AddMemberArgs = { projectId: number } & AddProjectMemberRequest;
export type ChangeRoleArgs = { projectId: number; userId: number; role: ProjectRole };
export type RemoveMemberArgs = { projectId: number; userId: number };

/**
 * A change of members may change the caller's own role (an owner who makes themselves an editor),
 * the project's owner shown on cards, and the activity log: all are refetched.
 */
const afterChange = (projectId: number) => [
  { type: 'Members' as const, id: projectId },
  { type: 'Projects' as const, id: 'LIST' },
  { type: 'Activity' as const, id: projectId },
];

export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<ProjectMembersResponse, number>({
      query: (projectId) => `/projects/${projectId}/members`,
      providesTags: (_result, _error, projectId) => [{ type: 'Members', id: projectId }],
    }),

    addMember: build.mutation<ProjectMemberResponse, AddMemberArgs>({
      query: ({ projectId, ...body }) => ({
        url: `/projects/${projectId}/members`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, { projectId }) => (error ? [] : afterChange(projectId)),
    }),

    changeMemberRole: build.mutation<ProjectMemberResponse, ChangeRoleArgs>({
      query: ({ projectId, userId, role }) => ({
        url: `/projects/${projectId}/members/${userId}`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: (_result, error, { projectId }) => (error ? [] : afterChange(projectId)),
    }),

    removeMember: build.mutation<SuccessResponse, RemoveMemberArgs>({
      query: ({ projectId, userId }) => ({
        url: `/projects/${projectId}/members/${userId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { projectId }) => (error ? [] : afterChange(projectId)),
    }),
  }),
});

export const {
  useGetMembersQuery,
  useAddMemberMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
} = membersApi;
