import type { ProjectRole } from '@clearroom/contracts';

/**
 * What a member's role lets them do in a project (issue 17), as the API decides it: the pages
 * hide or disable what the role can't do; the API answers 403 anyway.
 */
export type ProjectPermissions = {
  /** Upload and delete documents, edit deal details and the name, AI Extract, run and edit reviews. */
  canEdit: boolean;
  /** Read the activity log and export it. */
  canReadActivity: boolean;
  /** Add and remove members, change their roles. */
  canManageMembers: boolean;
  /** Delete the project. */
  canDelete: boolean;
};

export function projectPermissions(role: ProjectRole): ProjectPermissions {
  switch (role) {
    case 'owner':
      return { canEdit: true, canReadActivity: true, canManageMembers: true, canDelete: true };
    case 'editor':
      return { canEdit: true, canReadActivity: true, canManageMembers: false, canDelete: false };
    case 'viewer':
      return { canEdit: false, canReadActivity: false, canManageMembers: false, canDelete: false };
  }
}
