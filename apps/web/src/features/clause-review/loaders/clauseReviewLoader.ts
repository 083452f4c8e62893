import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { appStore } from '../../../app/appStore';
import { parseProjectId } from '../../projects/hooks/useRouteProjectId';
import { clausesApi, reviewMatrixArgs } from '../api/clausesApi';
import { showsAll } from '../hooks/useReviewFilters';

/**
 * The Clause Review's loader: the matrix (the page's one large request) is asked for as the route
 * loads, beside the session check and the project list, not after the signed-in frame and the
 * project gate have rendered. Each visit refreshes it (the cached matrix shows meanwhile); the
 * page subscribes to the same request. Not waited for: the page shows its own loading state.
 */
export function clauseReviewLoader({ params, request }: LoaderFunctionArgs): null {
  const projectId = parseProjectId(params['id']);
  if (projectId !== null) {
    const args = reviewMatrixArgs(projectId, showsAll(new URL(request.url).searchParams));
    appStore.dispatch(clausesApi.util.prefetch('getClauseMatrix', args, { force: true }));
  }
  return null;
}

/** The filters live in the query string: changing them is not a new visit. */
export function shouldRefreshClauseReview({
  currentParams,
  nextParams,
}: ShouldRevalidateFunctionArgs): boolean {
  return currentParams['id'] !== nextParams['id'];
}
