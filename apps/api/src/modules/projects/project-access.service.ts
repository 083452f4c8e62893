import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import { type ProjectRole } from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';

/**
 * What a member may do in a project, each with the least role allowed and the words that finish
 * "Viewers can't …" when a weaker role asks.
 */
const RULES = {
  /** See the project, its documents, files, pages, search, clauses, reviews and members. */
  read: { least: 'viewer', cannot: 'see this project' },
  /** Ask questions in their own chat sessions. */
  chat: { least: 'viewer', cannot: 'ask questions' },
  /** Export review grids and the clause review. */
  export: { least: 'viewer', cannot: 'export' },
  upload: { least: 'editor', cannot: 'upload documents' },
  deleteDocuments: { least: 'editor', cannot: 'delete documents' },
  editDetails: { least: 'editor', cannot: 'edit deal details' },
  runReviews: { least: 'editor', cannot: 'run or edit reviews' },
  extract: { least: 'editor', cannot: 'run AI Extract' },
  readActivity: { least: 'editor', cannot: 'read the activity log' },
  manageMembers: { least: 'owner', cannot: 'manage members' },
  deleteProject: { least: 'owner', cannot: 'delete the project' },
} as const satisfies Record<string, { least: ProjectRole; cannot: string }>;

export type ProjectAction = keyof typeof RULES;

const RANK: Record<ProjectRole, number> = { viewer: 0, editor: 1, owner: 2 };
const PLURAL: Record<ProjectRole, string> = {
  owner: 'Owners',
  editor: 'Editors',
  viewer: 'Viewers',
};

/** Whether `role` may do `action`. */
export function roleAllows(role: ProjectRole, action: ProjectAction): boolean {
  return RANK[role] >= RANK[RULES[action].least];
}

export const projectNotFound = () => new AppError('NOT_FOUND', 'Project not found');

/**
 * The one place that decides who may do what in a project (issue 17): every route that touches a
 * project, its documents, files, sessions, reviews or log asks here, once per request, with one
 * indexed read of `project_members`. A non-member learns nothing (404, as if the project did not
 * exist); a member whose role lacks the right gets 403 naming what the role can't do.
 */
@Injectable()
export class ProjectAccess {
  constructor(private readonly em: SqlEntityManager) {}

  /** The user's role in the project, or null when they are not a member (or it does not exist). */
  async roleOf(userId: number, projectId: number): Promise<ProjectRole | null> {
    const row = (await this.em
      .getConnection()
      .execute(
        'select role from project_members where project_id = ? and user_id = ?',
        [projectId, userId],
        'get',
      )) as { role: ProjectRole } | undefined;
    return row?.role ?? null;
  }

  /** The caller's role when it allows `action`; else 404 (not a member) or 403 (role too weak). */
  async require(
    user: { id: number },
    projectId: number,
    action: ProjectAction,
  ): Promise<ProjectRole> {
    const role = await this.roleOf(user.id, projectId);
    if (role === null) throw projectNotFound();
    assertAllowed(role, action);
    return role;
  }

  /**
   * The project of a document and the caller's role in it, by document id (routes under
   * /api/files/:id). A document of a project the caller is not a member of is "not found".
   */
  async requireForDocument(
    user: { id: number },
    documentId: number,
    action: ProjectAction,
  ): Promise<{ projectId: number; role: ProjectRole }> {
    const row = (await this.em
      .getConnection()
      .execute(
        'select d.project_id, m.role from documents d join project_members m ' +
          'on m.project_id = d.project_id and m.user_id = ? where d.id = ?',
        [user.id, documentId],
        'get',
      )) as { project_id: number; role: ProjectRole } | undefined;
    if (!row) throw new AppError('NOT_FOUND', 'Document not found');
    assertAllowed(row.role, action);
    return { projectId: Number(row.project_id), role: row.role };
  }
}

export function assertAllowed(role: ProjectRole, action: ProjectAction): void {
  if (!roleAllows(role, action)) {
    throw new AppError('FORBIDDEN', `${PLURAL[role]} can't ${RULES[action].cannot}`);
  }
}
