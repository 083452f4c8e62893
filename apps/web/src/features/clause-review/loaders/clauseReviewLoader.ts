import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { appStore } from '../../../app/appStore';
import { prefetchProjects, whenSignedIn } from '../../auth/loaders/sessionLoader';
import { parseProjectId } from '../../projects/hooks/useRouteProjectId';
import { clausesApi, reviewMatrixArgs } from '../api/clausesApi';
import { showsAll } from '../hooks/useReviewFilters';

/**
 * The Clause Review's loader: once the session has a user, the matrix (the page's one large
 * request) and the project list (which the page's gate waits for) are asked for at once, not
 * after the signed-in frame and the gate have rendered. The matrix goes first: the frame's render,
 * which the user's answer starts, would otherwise run before its request is sent. Each visit
 * refreshes the matrix (the cached one shows meanwhile); the page subscribes to the same request.
 * Not waited for: the page shows its own loading state.
 */
export function clauseReviewLoader({ params, request }: LoaderFunctionArgs): null {
  const projectId = parseProjectId(params['id']);
  if (projectId === null) return null;
  const args = reviewMatrixArgs(projectId, showsAll(new URL(request.url).searchParams));
  whenSignedIn(() => {
    appStore.dispatch(clausesApi.util.prefetch('getClauseMatrix', args, { force: true }));
    prefetchProjects();
  });
  return null;
}

/** The filters live in the query string: changing them is not a new visit. */
export function shouldRefreshClauseReview({
  currentParams,
  nextParams,
}: ShouldRevalidateFunctionArgs): boolean {
  return currentParams['id'] !== nextParams['id'];
}
