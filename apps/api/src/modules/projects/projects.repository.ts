import { LockMode } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import {
  dealFieldKeys,
  type CreateProjectFields,
  type ProjectRole,
  type UpdateProjectFields,
} from '@clearroom/contracts';
import { User } from '../../infra/identity/identity.port.js';
import { ActivityLog, type Actor } from '../activity/activity-log.service.js';
import { DataVersionService } from '../auth/data-version.service.js';
import { Project } from './project.entity.js';
import { ProjectMember } from './project-member.entity.js';

/** A project as stored, without its owner and members. */
export type ProjectRow = Omit<Project, 'owner' | 'members'>;

/** The owner shown with a project (cards, sidebar). */
export type ProjectOwner = { id: number; username: string };

/** A project as one of its members lists it. */
export type MemberProjectRow = { project: ProjectRow; role: ProjectRole; owner: ProjectOwner };

/** What the dashboard's summary reads of each project. */
export type ProjectSummaryRow = { valuation: string | null; companyName: string | null };

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Every project of one member, with their role and the owner's name: one query over the member's
 * `project_members` rows (index on user_id), read as plain rows (hydrating 1,000 entities would
 * cost ten times as much).
 */
const LIST_SQL =
  `select p.id, p.name, p.created_at, p.updated_at, ${dealFieldKeys.map((key) => `p.${snake(key)}`).join(', ')}, ` +
  'm.role, p.owner_id, u.username as owner_name from project_members m ' +
  'join projects p on p.id = m.project_id join users u on u.id = p.owner_id ' +
  'where m.user_id = ? order by p.created_at desc, p.id desc';

type ListRow = Record<string, unknown> & {
  id: number;
  name: string;
  created_at: Date | string | number;
  updated_at: Date | string | number;
  role: ProjectRole;
  owner_id: number;
  owner_name: string;
};

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  // SQLite keeps MikroORM datetimes as epoch milliseconds.
  return new Date(typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : value);
}

function toMemberProject(row: ListRow): MemberProjectRow {
  const project: Record<string, unknown> = {
    id: Number(row.id),
    name: row.name,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
  for (const key of dealFieldKeys) project[key] = row[snake(key)] ?? null;
  return {
    project: project as unknown as ProjectRow,
    role: row.role,
    owner: { id: Number(row.owner_id), username: row.owner_name },
  };
}

/**
 * All database I/O of projects (issue 17: shared with their members). Every write records its
 * activity-log entry and marks the data of the people whose lists change, in its transaction.
 * Who may do what is ProjectAccess's, asked by ProjectsService before calling here.
 */
@Injectable()
export class ProjectsRepository {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly dataVersion: DataVersionService,
    private readonly activity: ActivityLog,
  ) {}

  /** Every project the user is a member of, newest first. */
  async listForMember(userId: number): Promise<MemberProjectRow[]> {
    const rows = await this.em.getConnection().execute<ListRow[]>(LIST_SQL, [userId]);
    return rows.map(toMemberProject);
  }

  /** Creates the project with its creator as owner (and first member). */
  async create(actor: Actor, fields: CreateProjectFields): Promise<ProjectRow> {
    return this.em.fork().transactional(async (em) => {
      const project = em.create(Project, { ...fields, owner: em.getReference(User, actor.id) });
      await em.flush();
      em.create(ProjectMember, {
        project,
        user: em.getReference(User, actor.id),
        role: 'owner',
        createdAt: project.createdAt,
      });
      await em.flush();
      await this.activity.record({ projectId: project.id, actor, action: 'project.created' }, em);
      await this.dataVersion.bump(em, actor.id);
      return project;
    });
  }

  /**
   * Applies the changes; a rename and a change of deal details are logged (each once, only when
   * something changed). Null when the project is gone.
   */
  async update(
    actor: Actor,
    id: number,
    fields: UpdateProjectFields,
  ): Promise<{ project: ProjectRow; owner: ProjectOwner } | null> {
    return this.em.fork().transactional(async (em) => {
      const project = await em.findOne(Project, id, { populate: ['owner'] });
      if (!project) return null;
      const previousName = project.name;
      const changed = (Object.keys(fields) as (keyof UpdateProjectFields)[]).filter(
        (key) => key !== 'name' && (project[key] ?? null) !== (fields[key] ?? null),
      );
      em.assign(project, fields);
      await em.flush();
      if (fields.name !== undefined && fields.name !== previousName) {
        await this.activity.record(
          {
            projectId: id,
            actor,
            action: 'project.renamed',
            details: { from: previousName, to: fields.name },
          },
          em,
        );
      }
      if (changed.length > 0) {
        await this.activity.record(
          { projectId: id, actor, action: 'project.details_edited', details: { fields: changed } },
          em,
        );
      }
      await this.dataVersion.bumpProjectMembers(em, id);
      return { project, owner: { id: project.owner.id, username: project.owner.username } };
    });
  }

  /**
   * Deletes the project (and, through the database's cascades, all it owns), leaving a tombstone
   * in the activity log: who, when, the name and how many documents. False when already gone.
   */
  async delete(actor: Actor, id: number): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const project = await em.findOne(Project, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!project) return false;
      const [counted] = await em
        .getConnection()
        .execute<{ count: number | string }[]>(
          'select count(*) as count from documents where project_id = ?',
          [id],
          'all',
          em.getTransactionContext(),
        );
      await this.activity.record(
        {
          projectId: id,
          actor,
          action: 'project.deleted',
          details: { name: project.name, documentCount: Number(counted?.count ?? 0) },
        },
        em,
      );
      // Every member's list changes: bump while their memberships still exist.
      await this.dataVersion.bumpProjectMembers(em, id);
      await em.nativeDelete(Project, { id });
      return true;
    });
  }

  /** Valuation and company of every project the user is a member of. */
  async summaryRows(userId: number): Promise<ProjectSummaryRow[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ valuation: string | null; company_name: string | null }[]>(
        'select p.valuation, p.company_name from project_members m ' +
          'join projects p on p.id = m.project_id where m.user_id = ?',
        [userId],
      );
    return rows.map((row) => ({ valuation: row.valuation, companyName: row.company_name }));
  }
}
