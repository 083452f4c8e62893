import { appStore } from '../../../app/appStore';
import { authApi } from '../api/authApi';

/**
 * The signed-in pages' loader: asks who is signed in as soon as the route is known, beside the
 * page's own requests, rather than once the first frame has rendered. A no-op while the answer
 * is cached.
 */
export function sessionLoader(): null {
  appStore.dispatch(authApi.util.prefetch('getUser', undefined, {}));
  return null;
}
