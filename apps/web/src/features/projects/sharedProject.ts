import type { Project, User } from '@clearroom/contracts';

/**
 * A project someone else owns, shared with the user: the sidebar and the dashboard show it with
 * the user's role and the owner's name.
 */
export function isSharedWithUser(project: Project, user: User | null | undefined): boolean {
  return !!user && project.owner.id !== user.id;
}
