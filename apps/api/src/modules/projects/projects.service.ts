import { Injectable } from '@nestjs/common';
import {
  type CreateProjectFields,
  type Project as ProjectDto,
  type UpdateProjectFields,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { type ProjectRow, ProjectsRepository } from './projects.repository.js';
import { parseValuation } from './valuation-parser.js';

export type ProjectsSummary = {
  projectCount: number;
  /** US dollars only (a valuation without a currency is taken as dollars). */
  totalValuation: number;
  valuationsInOtherCurrencies: number;
  distinctCompanies: number;
};

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

  constructor(private readonly repository: ProjectsRepository) {}

  /** Newest first. */
  async list(ownerId: number): Promise<ProjectDto[]> {
    return (await this.repository.listOwned(ownerId)).map(toProjectDto);
  }

  async create(ownerId: number, fields: CreateProjectFields): Promise<ProjectDto> {
    return toProjectDto(await this.repository.create(ownerId, fields));
  }

  async update(ownerId: number, id: number, fields: UpdateProjectFields): Promise<ProjectDto> {
    const project = await this.repository.updateOwned(ownerId, id, fields);
    if (!project) throw projectNotFound();
    return toProjectDto(project);
  }

  /** Throws NOT_FOUND unless the project exists and belongs to the user. */
  async assertOwnedOrThrow(ownerId: number, id: number): Promise<void> {
    if (!(await this.repository.isOwned(ownerId, id))) throw projectNotFound();
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
    if (!(await this.repository.deleteOwned(ownerId, id))) throw projectNotFound();
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
    const rows = await this.repository.summaryRows(ownerId);
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
        rows.flatMap((row) => (row.companyName === null ? [] : [row.companyName])),
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

const projectNotFound = () => new AppError('NOT_FOUND', 'Project not found');
