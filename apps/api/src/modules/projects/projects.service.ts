import { LockMode } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import {
  dealFieldKeys,
  type CreateProjectFields,
  type Project as ProjectDto,
  type ProjectRole,
  type UpdateProjectFields,
} from '@clearroom/contracts';
import { DataVersionService } from '../auth/data-version.service.js';
import { ActivityLog, type Actor } from '../activity/activity-log.service.js';
import { User } from '../../infra/identity/identity.port.js';
import { Project } from './project.entity.js';
import { ProjectMember } from './project-member.entity.js';
import { ProjectAccess, projectNotFound } from './project-access.service.js';
import { parseValuation } from './valuation-parser.js';

export type ProjectsSummary = {
  projectCount: number;
  /** US dollars only (a valuation without a currency is taken as dollars). */
  totalValuation: number;
  valuationsInOtherCurrencies: number;
  distinctCompanies: number;
};

type ProjectRow = Omit<Project, 'owner'>;

export type ProjectDeletionHook = (projectId: number) => Promise<() => Promise<void>>;

export function toProjectDto(
  project: ProjectRow,
  role: ProjectRole,
  owner: { id: number; username: string },
): ProjectDto {
  return {
    id: project.id,
    name: project.name,
    description: project.description ?? null,
    createdAt: new Date(project.createdAt).toISOString(),
    updatedAt: new Date(project.updatedAt).toISOString(),
    companyName: project.companyName ?? null,
    industry: project.industry ?? null,
    businessModel: project.businessModel ?? null,
    ceoName: project.ceoName ?? null,
    ceoContact: project.ceoContact ?? null,
    revenue: project.revenue ?? null,
    profitMargin: project.profitMargin ?? null,
    employeeCount: project.employeeCount ?? null,
    valuation: project.valuation ?? null,
    valuationValue: parseValuation(project.valuation),
    dealStage: project.dealStage ?? null,
    role,
    owner,
  };
}

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The list's columns, read as plain rows: hydrating 1,000 entities would cost ten times as much. */
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

function rowToDto(row: ListRow): ProjectDto {
  const project = {
    id: Number(row.id),
    name: row.name,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  } as Record<string, unknown>;
  for (const key of dealFieldKeys) project[key] = row[snake(key)] ?? null;
  return toProjectDto(project as unknown as ProjectRow, row.role, {
    id: Number(row.owner_id),
    username: row.owner_name,
  });
}

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  return new Date(typeof value === 'number' || /^\d+$/.test(value) ? Number(value) : value);
}

/**
 * Deals, shared with their members (issue 17): each user sees the projects they are a member of,
 * with their role; every other project does not exist for them (404). Who may do what is decided
 * by {@link ProjectAccess}.
 */
@Injectable()
export class ProjectsService {
  private readonly deletionHooks: ProjectDeletionHook[] = [];

  constructor(
    private readonly em: SqlEntityManager,
    private readonly dataVersion: DataVersionService,
    private readonly access: ProjectAccess,
    private readonly activity: ActivityLog,
  ) {}

  /** Every project the user is a member of, newest first. */
  async list(userId: number): Promise<ProjectDto[]> {
    const rows = await this.em.getConnection().execute<ListRow[]>(LIST_SQL, [userId]);
    return rows.map(rowToDto);
  }

  /** The creator becomes its owner. */
  async create(actor: Actor, fields: CreateProjectFields): Promise<ProjectDto> {
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
      return toProjectDto(project, 'owner', { id: actor.id, username: actor.username });
    });
  }

  /** Editors and owners edit deal details and the name (each change is logged). */
  async update(actor: Actor, id: number, fields: UpdateProjectFields): Promise<ProjectDto> {
    const role = await this.access.require(actor, id, 'editDetails');
    return this.em.fork().transactional(async (em) => {
      const project = await em.findOne(Project, id, { populate: ['owner'] });
      if (!project) throw projectNotFound();
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
      return toProjectDto(project, role, {
        id: project.owner.id,
        username: project.owner.username,
      });
    });
  }

  /** @deprecated Until the documents module asks ProjectAccess itself: any member passes. */
  async assertOwnedOrThrow(userId: number, id: number): Promise<void> {
    await this.access.require({ id: userId }, id, 'read');
  }

  /**
   * Lets another module clean up what it keeps outside the database (files, index entries) when a
   * project is deleted: `prepare` runs before the deletion and returns the cleanup to run after it.
   */
  onProjectDeleted(prepare: ProjectDeletionHook): void {
    this.deletionHooks.push(prepare);
  }

  /**
   * Owners delete the project and, through the database's cascades, everything it owns. The
   * activity log keeps a tombstone (who, when, how many documents) for administrators.
   */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.access.require(actor, id, 'deleteProject');
    // Prepared outside the transaction: SQLite has one connection, which the transaction holds.
    const cleanups = await Promise.all(this.deletionHooks.map((prepare) => prepare(id)));
    await this.em.fork().transactional(async (em) => {
      const project = await em.findOne(Project, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!project) throw projectNotFound();
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
      await this.dataVersion.bumpProjectMembers(em, id);
      await em.nativeDelete(Project, { id });
    });
    for (const cleanup of cleanups) await cleanup();
  }

  /**
   * Counts, sums and distinct companies of the projects the user is a member of, read from the
   * stored text: valuations are parsed here (valuation-parser.ts), so that a better reading
   * applies to every project at once, and company names are compared here, because neither
   * database folds case the way we need (SQLite's lower() knows ASCII only; MariaDB/MySQL
   * collations equate "Acme" with "Äcme"). Runs when the user's data has changed (cached).
   */
  async summarize(userId: number): Promise<ProjectsSummary> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ valuation: string | null; company_name: string | null }[]>(
        'select p.valuation, p.company_name from project_members m ' +
          'join projects p on p.id = m.project_id where m.user_id = ?',
        [userId],
      );
    let totalValuation = 0;
    let valuationsInOtherCurrencies = 0;
    for (const valuation of rows.map((row) => parseValuation(row.valuation))) {
      if (valuation?.currency === 'USD') totalValuation += valuation.amount;
      else if (valuation) valuationsInOtherCurrencies += 1;
    }
    return {
      projectCount: rows.length,
      totalValuation,
      valuationsInOtherCurrencies,
      distinctCompanies: countDistinctCompanies(
        rows.flatMap((row) => (row.company_name === null ? [] : [row.company_name])),
      ),
    };
  }
}

/**
 * Company names are one company when they match after NFKC normalisation, trimming and lower
 * case ("ÄCME" and "äcme", "ＡＣＭＥ" and "acme"); accents keep names apart ("Acme" and "Äcme").
 * Blank names are not companies.
 */
export function countDistinctCompanies(names: readonly string[]): number {
  const keys = new Set<string>();
  for (const name of names) {
    const key = name.normalize('NFKC').trim().toLowerCase();
    if (key) keys.add(key);
  }
  return keys.size;
}
