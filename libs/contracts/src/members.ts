import { z } from 'zod';
import { USERNAME_MAX_LENGTH } from './constants.js';
import { noControlCharacters } from './text.js';

/**
 * Roles of a project's members (issue 17), strongest first:
 * - `owner`: everything, including members, renaming and deletion; a project always keeps one.
 * - `editor`: uploads and deletes documents, edits deal details, runs reviews and AI Extract,
 *   chats, reads the activity log.
 * - `viewer`: reads documents, clause and review results, asks questions in their own chat
 *   sessions, exports.
 * Chat sessions stay private to the person who created them, whatever the role.
 */
export const projectRoles = ['owner', 'editor', 'viewer'] as const;
export type ProjectRole = (typeof projectRoles)[number];

/** Labels as shown on badges. */
export const projectRoleLabels: Record<ProjectRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

const roleField = z.enum(projectRoles, {
  error: `Role must be one of: ${projectRoles.join(', ')}`,
});

/** One member of a project. `addedAt` is when they were added (the creator: the project's creation). */
export const projectMemberSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  role: z.enum(projectRoles),
  addedAt: z.string(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

/**
 * `GET /api/projects/:id/members` (any member): owners first, then editors, then viewers, each by
 * username. `role` is the caller's own role (only owners may change the list).
 */
export const projectMembersResponseSchema = z.object({
  members: z.array(projectMemberSchema),
  role: z.enum(projectRoles),
});
export type ProjectMembersResponse = z.infer<typeof projectMembersResponseSchema>;

/** `POST /api/projects/:id/members` (owners): a local username, or an SSO user who signed in once. */
export const addProjectMemberRequestSchema = z.strictObject({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, { message: 'Username is required', abort: true })
    .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
    .refine(...noControlCharacters('Username', 'single-line')),
  role: roleField,
});
export type AddProjectMemberRequest = z.input<typeof addProjectMemberRequestSchema>;

/** `PATCH /api/projects/:id/members/:userId` (owners). */
export const updateProjectMemberRequestSchema = z.strictObject({ role: roleField });
export type UpdateProjectMemberRequest = z.input<typeof updateProjectMemberRequestSchema>;

/** Answer of POST (201) and PATCH (200). DELETE answers `{ success: true }`. */
export const projectMemberResponseSchema = z.object({ member: projectMemberSchema });
export type ProjectMemberResponse = z.infer<typeof projectMemberResponseSchema>;
