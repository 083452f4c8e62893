import { Injectable } from '@nestjs/common';
import {
  type CreateProjectFields,
  type Project as ProjectDto,
  type ProjectRole,
  type UpdateProjectFields,
} from '@clearroom/contracts';
import type { Actor } from '../activity/activity-log.service.js';
import { ProjectAccess, projectNotFound } from './project-access.service.js';
import { type ProjectOwner, type ProjectRow, ProjectsRepository } from './projects.repository.js';
import { parseValuation } from './valuation-parser.js';

export type ProjectsSummary = {
  projectCount: number;
  /** US dollars only (a valuation without a currency is taken as dollars). */
  totalValuation: number;
  valuationsInOtherCurrencies: number;
  distinctCompanies: number;
};

export type ProjectDeletionHook = (projectId: number) => Promise<() => Promise<void>>;

export function toProjectDto(
  project: ProjectRow,
  role: ProjectRole,
  owner: ProjectOwner,
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

/**
 * Deals, shared with their members (issue 17): each user sees the projects they are a member of,
 * with their role; every other project does not exist for them (404). Who may do what is decided
 * by ProjectAccess; all I/O is the repository's.
 */
@Injectable()
export class ProjectsService {
  private readonly deletionHooks: ProjectDeletionHook[] = [];

  constructor(
    private readonly repository: ProjectsRepository,
    private readonly access: ProjectAccess,
  ) {}

  /** Every project the user is a member of, newest first. */
  async list(userId: number): Promise<ProjectDto[]> {
    return (await this.repository.listForMember(userId)).map(({ project, role, owner }) =>
      toProjectDto(project, role, owner),
    );
  }

  /** The creator is the owner. */
  async create(actor: Actor, fields: CreateProjectFields): Promise<ProjectDto> {
    const project = await this.repository.create(actor, fields);
    return toProjectDto(project, 'owner', { id: actor.id, username: actor.username });
  }

  /** Editors and owners edit the deal details and the name. */
  async update(actor: Actor, id: number, fields: UpdateProjectFields): Promise<ProjectDto> {
    const role = await this.access.require(actor, id, 'editDetails');
    const updated = await this.repository.update(actor, id, fields);
    if (!updated) throw projectNotFound();
    return toProjectDto(updated.project, role, updated.owner);
  }

  /**
   * Lets another module clean up what it keeps outside the database (files, index entries) when a
   * project is deleted: `prepare` runs before the deletion and returns the cleanup to run after it.
   */
  onProjectDeleted(prepare: ProjectDeletionHook): void {
    this.deletionHooks.push(prepare);
  }

  /** Owners delete the project and, through the database's cascades, everything it owns. */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.access.require(actor, id, 'deleteProject');
    // Prepared outside the transaction: SQLite has one connection, which the transaction holds.
    const cleanups = await Promise.all(this.deletionHooks.map((prepare) => prepare(id)));
    if (!(await this.repository.delete(actor, id))) throw projectNotFound();
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
    const rows = await this.repository.summaryRows(userId);
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
