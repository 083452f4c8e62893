import { ProjectGate } from '../../projects/components/ProjectGate';
import { ClauseReview } from './ClauseReview';

/** /project/:id/clauses: every document's clauses of one of the user's projects. */
export function ClauseReviewPage() {
  return (
    <ProjectGate>{(project) => <ClauseReview key={project.id} project={project} />}</ProjectGate>
  );
}
