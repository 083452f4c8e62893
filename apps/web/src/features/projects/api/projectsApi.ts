import type {
  CreateProjectRequest,
  Project,
  ProjectResponse,
  ProjectsResponse,
  SuccessResponse,
  UpdateProjectRequest,
} from '@clearroom/contracts';
import { api } from '../../../api/api';

export type UpdateProjectArgs = { id: number; changes: UpdateProjectRequest };

/** Applies a PATCH body to a cached project the way the server will ('' clears a field). */
function applyChanges(project: Project, changes: UpdateProjectRequest): Project {
  const next: Record<string, unknown> = { ...project };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    next[key] = typeof value === 'string' ? value.trim() || (key === 'name' ? value : null) : value;
  }
  // Only the server reads valuations: until it answers, the new one shows as typed.
  if (changes.valuation !== undefined) next['valuationValue'] = null;
  return next as Project;
}

export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjects: build.query<Project[], void>({
      query: () => '/projects',
      transformResponse: (response: ProjectsResponse) => response.projects,
      providesTags: (projects = []) => [
        { type: 'Projects', id: 'LIST' },
        ...projects.map((project) => ({ type: 'Projects' as const, id: project.id })),
      ],
    }),

    createProject: build.mutation<Project, CreateProjectRequest>({
      query: (body) => ({ url: '/projects', method: 'POST', body }),
      transformResponse: (response: ProjectResponse) => response.project,
      invalidatesTags: (_result, error) =>
        error ? [] : [{ type: 'Projects', id: 'LIST' }, 'Stats'],
    }),

    updateProject: build.mutation<Project, UpdateProjectArgs>({
      query: ({ id, changes }) => ({ url: `/projects/${id}`, method: 'PATCH', body: changes }),
      transformResponse: (response: ProjectResponse) => response.project,
      // Optimistic: the new values show at once and are rolled back if the server refuses them.
      async onQueryStarted({ id, changes }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          projectsApi.util.updateQueryData('getProjects', undefined, (projects) =>
            projects.map((project) =>
              project.id === id ? applyChanges(project, changes) : project,
            ),
          ),
        );
        try {
          const { data: saved } = await queryFulfilled;
          dispatch(
            projectsApi.util.updateQueryData('getProjects', undefined, (projects) =>
              projects.map((project) => (project.id === saved.id ? saved : project)),
            ),
          );
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Projects', id }, 'Stats'],
    }),

    deleteProject: build.mutation<SuccessResponse, number>({
      query: (id) => ({ url: `/projects/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) =>
        error ? [] : [{ type: 'Projects', id: 'LIST' }, 'Stats'],
    }),
  }),
});

export const {
  useGetProjectsQuery,
  useCreateProjectMutation,
  useUpdateProjectMutation,
  useDeleteProjectMutation,
} = projectsApi;
