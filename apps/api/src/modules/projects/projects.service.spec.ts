/* eslint-disable @typescript-eslint/require-await -- in-memory fakes implement async ports without awaiting anything */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { CreateProjectFields, UpdateProjectFields } from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import type { ProjectRow, ProjectsRepository, ProjectSummaryRow } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

/** The repository in memory: projects with their owners, and a log of what was done. */
class InMemoryProjects implements Pick<
  ProjectsRepository,
  'listOwned' | 'isOwned' | 'create' | 'updateOwned' | 'deleteOwned' | 'summaryRows'
> {
  readonly rows: (ProjectRow & { ownerId: number })[] = [];
  readonly log: string[] = [];
  private nextId = 1;
  private clock = Date.parse('2026-01-01T00:00:00Z');

  async listOwned(ownerId: number): Promise<ProjectRow[]> {
    return this.rows.filter((row) => row.ownerId === ownerId).reverse();
  }

  async isOwned(ownerId: number, id: number): Promise<boolean> {
    return this.rows.some((row) => row.id === id && row.ownerId === ownerId);
  }

  async create(ownerId: number, fields: CreateProjectFields): Promise<ProjectRow> {
    const now = new Date((this.clock += 1000));
    const row = { ...fields, id: this.nextId++, ownerId, createdAt: now, updatedAt: now };
    this.rows.push(row as ProjectRow & { ownerId: number });
    this.log.push(`create ${row.id}`);
    return row as ProjectRow;
  }

  async updateOwned(
    ownerId: number,
    id: number,
    fields: UpdateProjectFields,
  ): Promise<ProjectRow | null> {
    const row = this.rows.find((each) => each.id === id && each.ownerId === ownerId);
    if (!row) return null;
    Object.assign(row, fields, { updatedAt: new Date((this.clock += 1000)) });
    this.log.push(`update ${id}`);
    return row;
  }

  async deleteOwned(ownerId: number, id: number): Promise<boolean> {
    const index = this.rows.findIndex((row) => row.id === id && row.ownerId === ownerId);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    this.log.push(`delete ${id}`);
    return true;
  }

  async summaryRows(ownerId: number): Promise<ProjectSummaryRow[]> {
    return this.rows
      .filter((row) => row.ownerId === ownerId)
      .map((row) => ({ valuation: row.valuation ?? null, companyName: row.companyName ?? null }));
  }
}

const ALICE = 1;
const BOB = 2;

describe('ProjectsService (repository in memory)', () => {
  let repository: InMemoryProjects;
  let service: ProjectsService;

  beforeEach(() => {
    repository = new InMemoryProjects();
    service = new ProjectsService(repository as unknown as ProjectsRepository);
  });

  it('lists only the owner’s projects, newest first, with their valuation read', async () => {
    await service.create(ALICE, { name: 'Old deal', valuation: '$12.5M' });
    await service.create(BOB, { name: 'Bob’s deal' });
    await service.create(ALICE, { name: 'New deal', valuation: '€800k' });

    const listed = await service.list(ALICE);

    expect(listed.map((project) => project.name)).toEqual(['New deal', 'Old deal']);
    expect(listed[1]!.valuationValue).toEqual({ amount: 12_500_000, currency: 'USD' });
    expect(listed[0]!.valuationValue).toEqual({ amount: 800_000, currency: 'EUR' });
    expect(listed[0]!.description).toBeNull();
  });

  it('treats another user’s project as absent: update, check and delete answer NOT_FOUND', async () => {
    const bobs = await service.create(BOB, { name: 'Bob’s deal' });

    await expect(service.update(ALICE, bobs.id, { name: 'Taken' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(service.assertOwnedOrThrow(ALICE, bobs.id)).rejects.toBeInstanceOf(AppError);
    await expect(service.remove(ALICE, bobs.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repository.rows.map((row) => row.name)).toEqual(['Bob’s deal']);
    await expect(service.assertOwnedOrThrow(BOB, bobs.id)).resolves.toBeUndefined();
  });

  it('updates the owner’s project and returns it as the API shows it', async () => {
    const project = await service.create(ALICE, { name: 'Deal' });

    const updated = await service.update(ALICE, project.id, { companyName: 'Acme', revenue: '5M' });

    expect(updated).toMatchObject({
      id: project.id,
      name: 'Deal',
      companyName: 'Acme',
      revenue: '5M',
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(project.updatedAt));
  });

  it('prepares every cleanup before deleting, and runs them only after the deletion', async () => {
    const project = await service.create(ALICE, { name: 'Deal' });
    service.onProjectDeleted(async (projectId) => {
      repository.log.push(`prepare files of ${projectId}`);
      return async () => void repository.log.push(`remove files of ${projectId}`);
    });
    service.onProjectDeleted(async (projectId) => {
      repository.log.push(`prepare index of ${projectId}`);
      return async () => void repository.log.push(`remove index of ${projectId}`);
    });

    await service.remove(ALICE, project.id);

    expect(repository.log).toEqual([
      `create ${project.id}`,
      `prepare files of ${project.id}`,
      `prepare index of ${project.id}`,
      `delete ${project.id}`,
      `remove files of ${project.id}`,
      `remove index of ${project.id}`,
    ]);
  });

  it('runs no cleanup when the project went away before its deletion', async () => {
    const project = await service.create(ALICE, { name: 'Deal' });
    let cleaned = false;
    service.onProjectDeleted(async () => {
      repository.rows.length = 0; // deleted concurrently, after the check
      return async () => void (cleaned = true);
    });

    await expect(service.remove(ALICE, project.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(cleaned).toBe(false);
  });

  it('summarizes dollar valuations, counts other currencies apart and folds company names', async () => {
    await service.create(ALICE, { name: 'A', valuation: '$12.5M', companyName: 'ÄCME' });
    await service.create(ALICE, { name: 'B', valuation: 'USD 2.5 million', companyName: ' äcme ' });
    await service.create(ALICE, { name: 'C', valuation: '€800k', companyName: 'Acme' });
    await service.create(ALICE, { name: 'D', valuation: 'TBD', companyName: '   ' });
    await service.create(BOB, { name: 'E', valuation: '$1B', companyName: 'Other' });

    expect(await service.summarize(ALICE)).toEqual({
      projectCount: 4,
      totalValuation: 15_000_000,
      valuationsInOtherCurrencies: 1,
      distinctCompanies: 2,
    });
  });
});
