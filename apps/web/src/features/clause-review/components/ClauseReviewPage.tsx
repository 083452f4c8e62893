import { ProjectGate } from '../../projects/components/ProjectGate';
import { useRouteProjectId } from '../../projects/hooks/useRouteProjectId';
import { UNCERTAIN_FLOOR, useGetClauseMatrixQuery } from '../api/clausesApi';
import { ClauseReview } from './ClauseReview';

/** /project/:id/clauses: every document's clauses of one of the user's projects. */
export function ClauseReviewPage() {
  // Asked for at once, beside the project list the gate waits for (not after it); refreshed on
  // each visit.
  const projectId = useRouteProjectId();
  useGetClauseMatrixQuery(
    { projectId: projectId ?? 0, minScore: UNCERTAIN_FLOOR },
    { skip: projectId === null, refetchOnMountOrArgChange: true },
  );
  return (
    <ProjectGate>{(project) => <ClauseReview key={project.id} project={project} />}</ProjectGate>
  );
}
