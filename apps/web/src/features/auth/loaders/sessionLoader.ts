import { appStore } from '../../../app/appStore';
import { projectsApi } from '../../projects/api/projectsApi';
import { authApi } from '../api/authApi';

/**
 * Calls `ask` as soon as the session is known to have a user (at once when it is cached): a
 * route's loader asks for its page's data then, not once the signed-in frame has rendered, and
 * asks for nothing for a visitor.
 */
export function whenSignedIn(ask: () => void): void {
  const session = appStore.dispatch(
    authApi.endpoints.getUser.initiate(undefined, { subscribe: false }),
  );
  void session.then(({ data: user }) => {
    if (user) ask();
  });
}

/** Asks for the project list every signed-in page shows (no-op while it is cached). */
export function prefetchProjects(): void {
  appStore.dispatch(projectsApi.util.prefetch('getProjects', undefined, {}));
}

/**
 * The signed-in pages' loader: who is signed in is asked for as soon as the route is known, and
 * the project list as soon as the answer is a user, beside the page's own requests.
 */
export function sessionLoader(): null {
  whenSignedIn(prefetchProjects);
  return null;
}
