import type { Project } from '@clearroom/contracts';
import type { ReactNode } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import { useProjects } from '../hooks/useProjects';
import { useRouteProjectId } from '../hooks/useRouteProjectId';
import { ProjectNotFound } from './ProjectNotFound';
import { ProjectsLoadError } from './ProjectsLoadError';

/**
 * Renders a project page for the project of the route's `:id`, once it is known to be one of
 * the user's projects; otherwise 'Project Not Found'.
 */
export function ProjectGate({ children }: { children: (project: Project) => ReactNode }) {
  const id = useRouteProjectId();
  const { projects, isLoading, isError, refetch } = useProjects();

  if (isLoading) return <PageLoading fullScreen={false} />;
  if (isError && projects.length === 0) {
    return <ProjectsLoadError onRetry={() => void refetch()} />;
  }
  const project = id === null ? undefined : projects.find((candidate) => candidate.id === id);
  if (!project) return <ProjectNotFound />;
  return <>{children(project)}</>;
}
