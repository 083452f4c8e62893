import { ProjectGate } from '../../projects/components/ProjectGate';
import { useRouteProjectId } from '../../projects/hooks/useRouteProjectId';
import { reviewMatrixArgs, useGetClauseMatrixQuery } from '../api/clausesApi';
import { useReviewFilters } from '../hooks/useReviewFilters';
import { ClauseReview } from './ClauseReview';

/** /project/:id/clauses: every document's clauses of one of the user's projects. */
export function ClauseReviewPage() {
  // Asked for at once, beside the project list the gate waits for (not after it). The route's
  // loader asks for it earlier still, and refreshes it on each visit.
  const projectId = useRouteProjectId();
  const { showAll } = useReviewFilters();
  useGetClauseMatrixQuery(reviewMatrixArgs(projectId ?? 0, showAll), {
    skip: projectId === null,
  });
  return (
    <ProjectGate>{(project) => <ClauseReview key={project.id} project={project} />}</ProjectGate>
  );
}
