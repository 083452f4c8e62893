/**
 * Full page loads to another address (e.g. the identity provider's logout page). An object, so
 * that tests can stand in for the browser's navigation, which jsdom lacks.
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
