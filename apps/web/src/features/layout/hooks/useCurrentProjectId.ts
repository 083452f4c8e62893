import { matchPath, useLocation, useSearchParams } from 'react-router';
import { parseProjectId } from '../../projects/hooks/useRouteProjectId';

/** The project the current page belongs to: /project/:id/… or /dashboard?project=:id. */
export function useCurrentProjectId(): number | null {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const match = matchPath({ path: '/project/:id/*' }, pathname);
  if (match) return parseProjectId(match.params.id);
  if (matchPath({ path: '/dashboard' }, pathname))
    return parseProjectId(searchParams.get('project'));
  return null;
}
