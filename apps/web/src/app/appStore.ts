import { makeStore } from './store';

/**
 * The one store of the signed-in app and the login page. Route loaders ask for a page's data
 * through it as the route loads, before the page (and the signed-in frame around it) renders.
 */
export const appStore = makeStore();
