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
import { User } from '../../infra/identity/identity.port.js';
import { Project } from './project.entity.js';
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
    valuationValue: parseValuation(project.valuation),
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
   * Counts, sums and distinct companies, read from the stored text: valuations are parsed here
   * (valuation-parser.ts), so that a better reading applies to every project at once, and
   * company names are compared here, because neither database folds case the way we need
   * (SQLite's lower() knows ASCII only; MariaDB/MySQL collations equate "Acme" with "Äcme").
   * Runs when the user's data has changed (the response is cached).
   */
  async summarize(ownerId: number): Promise<ProjectsSummary> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ valuation: string | null; company_name: string | null }[]>(
        'select valuation, company_name from projects where owner_id = ?',
        [ownerId],
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
