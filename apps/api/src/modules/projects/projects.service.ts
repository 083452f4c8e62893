import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import {
  dealFieldKeys,
  type CreateProjectFields,
  type Project as ProjectDto,
  type UpdateProjectFields,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { DataVersionService } from '../auth/data-version.service.js';
import { User } from '../auth/user.entity.js';
import { Project } from './project.entity.js';
import { parseValuation } from './valuation-parser.js';

export type ProjectsSummary = {
  projectCount: number;
  totalValuation: number;
  distinctCompanies: number;
};

type ProjectRow = Omit<Project, 'owner' | 'valuationAmount'>;

export type ProjectDeletionHook = (projectId: number) => Promise<() => Promise<void>>;

export function toProjectDto(project: ProjectRow): ProjectDto {
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
    dealStage: project.dealStage ?? null,
  };
}

/** Deals, strictly scoped to their owner: another user's project does not exist (404). */
@Injectable()
export class ProjectsService {
  private readonly deletionHooks: ProjectDeletionHook[] = [];

  constructor(
    private readonly em: SqlEntityManager,
    private readonly dataVersion: DataVersionService,
  ) {}

  /** Newest first. Read as plain rows: hydrating 1,000 entities would cost ten times as much. */
  async list(ownerId: number): Promise<ProjectDto[]> {
    const rows = await this.em
      .fork()
      .createQueryBuilder(Project)
      .select([...PROJECT_COLUMNS])
      .where({ owner: ownerId })
      .orderBy({ createdAt: 'desc', id: 'desc' })
      .execute<ProjectRow[]>('all', true);
    return rows.map(toProjectDto);
  }

  async create(ownerId: number, fields: CreateProjectFields): Promise<ProjectDto> {
    return this.em.fork().transactional(async (em) => {
      const project = em.create(Project, {
        ...fields,
        owner: em.getReference(User, ownerId),
        valuationAmount: parseValuation(fields.valuation),
      });
      await em.flush();
      await this.dataVersion.bump(em, ownerId);
      return toProjectDto(project);
    });
  }

  async update(ownerId: number, id: number, fields: UpdateProjectFields): Promise<ProjectDto> {
    return this.em.fork().transactional(async (em) => {
      const project = await this.findProjectOrThrow(em, ownerId, id);
      em.assign(project, fields);
      if (fields.valuation !== undefined)
        project.valuationAmount = parseValuation(fields.valuation);
      await em.flush();
      await this.dataVersion.bump(em, ownerId);
      return toProjectDto(project);
    });
  }

  /** Throws NOT_FOUND unless the project exists and belongs to the user. */
  async assertOwnedOrThrow(ownerId: number, id: number): Promise<void> {
    const count = await this.em.fork().count(Project, { id, owner: ownerId });
    if (count === 0) throw projectNotFound();
  }

  /**
   * Lets another module clean up what it keeps outside the database (files, index entries) when a
   * project is deleted: `prepare` runs before the deletion and returns the cleanup to run after it.
   */
  onProjectDeleted(prepare: ProjectDeletionHook): void {
    this.deletionHooks.push(prepare);
  }

  /** Deletes the project and, through the database's cascades, everything it owns. */
  async remove(ownerId: number, id: number): Promise<void> {
    await this.assertOwnedOrThrow(ownerId, id);
    // Prepared outside the transaction: SQLite has one connection, which the transaction holds.
    const cleanups = await Promise.all(this.deletionHooks.map((prepare) => prepare(id)));
    await this.em.fork().transactional(async (em) => {
      const deleted = await em.nativeDelete(Project, { id, owner: ownerId });
      if (deleted === 0) throw projectNotFound();
      await this.dataVersion.bump(em, ownerId);
    });
    for (const cleanup of cleanups) await cleanup();
  }

  /**
   * Counts and sums in SQL; distinct company names are counted here, because neither database
   * folds case the way we need: SQLite's lower() knows ASCII only, and MariaDB/MySQL collations
   * equate "Acme" with "Äcme". Runs when the user's data has changed (the response is cached).
   */
  async summarize(ownerId: number): Promise<ProjectsSummary> {
    const connection = this.em.fork().getConnection();
    const [totals] = await connection.execute<
      { project_count: number | string; total_valuation: number | string | null }[]
    >(
      `select count(*) as project_count, sum(valuation_amount) as total_valuation
         from projects where owner_id = ?`,
      [ownerId],
    );
    const companies = await connection.execute<{ company_name: string }[]>(
      'select company_name from projects where owner_id = ? and company_name is not null',
      [ownerId],
    );
    return {
      projectCount: Number(totals?.project_count ?? 0),
      totalValuation: Number(totals?.total_valuation ?? 0),
      distinctCompanies: countDistinctCompanies(companies.map((row) => row.company_name)),
    };
  }

  private async findProjectOrThrow(
    em: SqlEntityManager,
    ownerId: number,
    id: number,
  ): Promise<Project> {
    const project = await em.findOne(Project, { id, owner: ownerId });
    if (!project) throw projectNotFound();
    return project;
  }
}

const PROJECT_COLUMNS = [
  'id',
  'name',
  'createdAt',
  'updatedAt',
  ...dealFieldKeys,
] as const satisfies readonly (keyof ProjectRow)[];

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

const projectNotFound = () => new AppError('NOT_FOUND', 'Project not found');
