/* eslint-disable @typescript-eslint/require-await -- the in-memory fakes implement the async repository and access methods synchronously */
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { CreateProjectFields, ProjectRole, UpdateProjectFields } from '@clearroom/contracts';
import type { Actor } from '../activity/activity-log.service.js';
import {
  assertAllowed,
  type ProjectAccess,
  type ProjectAction,
  projectNotFound,
} from './project-access.service.js';
import type {
  MemberProjectRow,
  ProjectOwner,
  ProjectRow,
  ProjectsRepository,
  ProjectSummaryRow,
} from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

/** The repository in memory: projects, their members with roles, and a log of what was done. */
class InMemoryProjects implements Pick<
  ProjectsRepository,
  'listForMember' | 'create' | 'update' | 'delete' | 'summaryRows'
> {
  readonly rows: (ProjectRow & { owner: ProjectOwner })[] = [];
  /** projectId → userId → role */
  readonly members = new Map<number, Map<number, ProjectRole>>();
  readonly log: string[] = [];
  private nextId = 1;
  private clock = Date.parse('2026-01-01T00:00:00Z');

  async listForMember(userId: number): Promise<MemberProjectRow[]> {
    return this.rows
      .filter((row) => this.members.get(row.id)?.has(userId))
      .reverse()
      .map(({ owner, ...project }) => ({
        project,
        role: this.members.get(project.id)!.get(userId)!,
        owner,
      }));
  }

  async create(actor: Actor, fields: CreateProjectFields): Promise<ProjectRow> {
    const now = new Date((this.clock += 1000));
    const row = {
      ...fields,
      id: this.nextId++,
      owner: { id: actor.id, username: actor.username },
      createdAt: now,
      updatedAt: now,
    };
    this.rows.push(row as ProjectRow & { owner: ProjectOwner });
    this.members.set(row.id, new Map([[actor.id, 'owner']]));
    this.log.push(`create ${row.id}`);
    return row as unknown as ProjectRow;
  }

  async update(
    _actor: Actor,
    id: number,
    fields: UpdateProjectFields,
  ): Promise<{ project: ProjectRow; owner: ProjectOwner } | null> {
    const row = this.rows.find((each) => each.id === id);
    if (!row) return null;
    Object.assign(row, fields, { updatedAt: new Date((this.clock += 1000)) });
    this.log.push(`update ${id}`);
    const { owner, ...project } = row;
    return { project, owner };
  }

  async delete(_actor: Actor, id: number): Promise<boolean> {
    const index = this.rows.findIndex((row) => row.id === id);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    this.members.delete(id);
    this.log.push(`delete ${id}`);
    return true;
  }

  async summaryRows(userId: number): Promise<ProjectSummaryRow[]> {
    return this.rows
      .filter((row) => this.members.get(row.id)?.has(userId))
      .map((row) => ({ valuation: row.valuation ?? null, companyName: row.companyName ?? null }));
  }

  share(projectId: number, userId: number, role: ProjectRole): void {
    this.members.get(projectId)!.set(userId, role);
  }
}

/** ProjectAccess over the same memberships, with the real rules of what each role may do. */
function accessOver(projects: InMemoryProjects): ProjectAccess {
  return {
    async require(user: { id: number }, projectId: number, action: ProjectAction) {
      const role = projects.members.get(projectId)?.get(user.id);
      if (!role) throw projectNotFound();
      assertAllowed(role, action);
      return role;
    },
  } as unknown as ProjectAccess;
}

const ALICE: Actor = { id: 1, username: 'alice' };
const BOB: Actor = { id: 2, username: 'bob' };
const CARA: Actor = { id: 3, username: 'cara' };

describe('ProjectsService (repository in memory)', () => {
  let repository: InMemoryProjects;
  let service: ProjectsService;

  beforeEach(() => {
    repository = new InMemoryProjects();
    service = new ProjectsService(
      repository as unknown as ProjectsRepository,
      accessOver(repository),
    );
  });

  it('lists the projects the user is a member of, newest first, with role, owner and valuation read', async () => {
    await service.create(ALICE, { name: 'Old deal', valuation: '$12.5M' });
    const bobs = await service.create(BOB, { name: 'Bob’s deal' });
    await service.create(ALICE, { name: 'New deal', valuation: '€800k' });
    await service.create(BOB, { name: 'Bob’s private deal' });
    repository.share(bobs.id, ALICE.id, 'viewer');

    const listed = await service.list(ALICE.id);

    expect(listed.map((project) => [project.name, project.role, project.owner.username])).toEqual([
      ['New deal', 'owner', 'alice'],
      ['Bob’s deal', 'viewer', 'bob'],
      ['Old deal', 'owner', 'alice'],
    ]);
    expect(listed[2]!.valuationValue).toEqual({ amount: 12_500_000, currency: 'USD' });
    expect(listed[0]!.valuationValue).toEqual({ amount: 800_000, currency: 'EUR' });
    expect(listed[0]!.description).toBeNull();
  });

  it('treats a project the user is not a member of as absent: update and delete answer NOT_FOUND', async () => {
    const bobs = await service.create(BOB, { name: 'Bob’s deal' });

    await expect(service.update(ALICE, bobs.id, { name: 'Taken' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(service.remove(ALICE, bobs.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repository.rows.map((row) => row.name)).toEqual(['Bob’s deal']);
  });

  it('lets editors edit, not viewers; only owners delete, and each refusal names what the role can’t do', async () => {
    const project = await service.create(ALICE, { name: 'Deal' });
    repository.share(project.id, BOB.id, 'editor');
    repository.share(project.id, CARA.id, 'viewer');

    const edited = await service.update(BOB, project.id, { companyName: 'Acme' });
    expect(edited).toMatchObject({ companyName: 'Acme', role: 'editor', owner: { id: ALICE.id } });
    await expect(service.update(CARA, project.id, { revenue: '5M' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "Viewers can't edit deal details",
    });
    await expect(service.remove(BOB, project.id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "Editors can't delete the project",
    });
    expect(repository.log).toEqual([`create ${project.id}`, `update ${project.id}`]);
  });

  it('updates the project and returns it as the API shows it', async () => {
    const project = await service.create(ALICE, { name: 'Deal' });
    expect(project).toMatchObject({ role: 'owner', owner: { id: ALICE.id, username: 'alice' } });

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

  it('summarizes the member’s projects: dollar valuations, other currencies apart, company names folded', async () => {
    await service.create(ALICE, { name: 'A', valuation: '$12.5M', companyName: 'ÄCME' });
    await service.create(ALICE, { name: 'B', valuation: 'USD 2.5 million', companyName: ' äcme ' });
    await service.create(ALICE, { name: 'C', valuation: '€800k', companyName: 'Acme' });
    await service.create(ALICE, { name: 'D', valuation: 'TBD', companyName: '   ' });
    await service.create(BOB, { name: 'E', valuation: '$1B', companyName: 'Other' });
    const shared = await service.create(BOB, {
      name: 'F',
      valuation: '$1M',
      companyName: 'Shared',
    });
    repository.share(shared.id, ALICE.id, 'viewer');

    expect(await service.summarize(ALICE.id)).toEqual({
      projectCount: 5,
      totalValuation: 16_000_000,
      valuationsInOtherCurrencies: 1,
      distinctCompanies: 3,
    });
  });
});
