import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import {
  dealFieldKeys,
  type CreateProjectFields,
  type UpdateProjectFields,
} from '@clearroom/contracts';
import { User } from '../../infra/identity/identity.port.js';
import { DataVersionService } from '../auth/data-version.service.js';
import { Project } from './project.entity.js';

/** A project as stored, without its owner. */
export type ProjectRow = Omit<Project, 'owner'>;

/** What the dashboard's summary reads of each project. */
export type ProjectSummaryRow = { valuation: string | null; companyName: string | null };

const PROJECT_COLUMNS = [
  'id',
  'name',
  'createdAt',
  'updatedAt',
  ...dealFieldKeys,
] as const satisfies readonly (keyof ProjectRow)[];

/**
 * All database I/O of projects. Every write also marks the owner's data as changed, in the same
 * transaction. Access is the owner's: a query for another user's project finds nothing.
 */
@Injectable()
export class ProjectsRepository {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly dataVersion: DataVersionService,
  ) {}

  /** Newest first. Read as plain rows: hydrating 1,000 entities would cost ten times as much. */
  async listOwned(ownerId: number): Promise<ProjectRow[]> {
    return this.em
      .fork()
      .createQueryBuilder(Project)
      .select([...PROJECT_COLUMNS])
      .where({ owner: ownerId })
      .orderBy({ createdAt: 'desc', id: 'desc' })
      .execute<ProjectRow[]>('all', true);
  }

  async isOwned(ownerId: number, id: number): Promise<boolean> {
    return (await this.em.fork().count(Project, { id, owner: ownerId })) > 0;
  }

  async create(ownerId: number, fields: CreateProjectFields): Promise<ProjectRow> {
    return this.em.fork().transactional(async (em) => {
      const project = em.create(Project, { ...fields, owner: em.getReference(User, ownerId) });
      await em.flush();
      await this.dataVersion.bump(em, ownerId);
      return project;
    });
  }

  /** The updated project, or null when the user owns no such project. */
  async updateOwned(
    ownerId: number,
    id: number,
    fields: UpdateProjectFields,
  ): Promise<ProjectRow | null> {
    return this.em.fork().transactional(async (em) => {
      const project = await em.findOne(Project, { id, owner: ownerId });
      if (!project) return null;
      em.assign(project, fields);
      await em.flush();
      await this.dataVersion.bump(em, ownerId);
      return project;
    });
  }

  /** Deletes the project (and, through the database's cascades, all it owns); false if none. */
  async deleteOwned(ownerId: number, id: number): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const deleted = await em.nativeDelete(Project, { id, owner: ownerId });
      if (deleted === 0) return false;
      await this.dataVersion.bump(em, ownerId);
      return true;
    });
  }

  async summaryRows(ownerId: number): Promise<ProjectSummaryRow[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ valuation: string | null; company_name: string | null }[]>(
        'select valuation, company_name from projects where owner_id = ?',
        [ownerId],
      );
    return rows.map((row) => ({ valuation: row.valuation, companyName: row.company_name }));
  }
}
