import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { SqlEntityManager } from '@mikro-orm/sql';
import { Injectable } from '@nestjs/common';
import {
  type ProjectMember as ProjectMemberDto,
  type ProjectMembersResponse,
  type ProjectRole,
  usernameKey,
} from '@clearroom/contracts';
import { AppError } from '../../common/app-error.js';
import { DataVersionService } from '../auth/data-version.service.js';
import { ActivityLog, type Actor } from '../activity/activity-log.service.js';
import { User } from '../../infra/identity/identity.port.js';
import { AccessRevocations } from './access-revocations.js';
import { Project } from './project.entity.js';
import { ProjectMember } from './project-member.entity.js';
import { ProjectAccess, projectNotFound } from './project-access.service.js';

const ROLE_ORDER: Record<ProjectRole, number> = { owner: 0, editor: 1, viewer: 2 };

type MemberRow = {
  user_id: number;
  username: string;
  role: ProjectRole;
  created_at: Date | string | number;
};

function toDto(row: MemberRow): ProjectMemberDto {
  const at = row.created_at;
  const date =
    at instanceof Date
      ? at
      : new Date(typeof at === 'number' || /^\d+$/.test(at) ? Number(at) : at);
  return {
    userId: Number(row.user_id),
    username: row.username,
    role: row.role,
    addedAt: date.toISOString(),
  };
}

/**
 * A project's members (issue 17). Any member reads the list; owners add people by username,
 * change roles and remove members. A project always keeps an owner; changes to one project's
 * members take turns (a row lock on the project), so two owners demoting each other cannot leave
 * it without one. Removing a member or lowering a role takes effect on their next request, ends
 * their open answer streams at once, and makes their signed file URLs stop working.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly em: SqlEntityManager,
    private readonly access: ProjectAccess,
    private readonly activity: ActivityLog,
    private readonly dataVersion: DataVersionService,
    private readonly revocations: AccessRevocations,
  ) {}

  async list(user: Actor, projectId: number): Promise<ProjectMembersResponse> {
    const role = await this.access.require(user, projectId, 'read');
    const rows = await this.em
      .getConnection()
      .execute<MemberRow[]>(
        'select m.user_id, u.username, m.role, m.created_at from project_members m ' +
          'join users u on u.id = m.user_id where m.project_id = ?',
        [projectId],
      );
    const members = rows
      .map(toDto)
      .sort(
        (a, b) =>
          ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
          a.username.localeCompare(b.username, 'en', { sensitivity: 'base' }),
      );
    return { members, role };
  }

  /** Adds an existing account (local, or an SSO user who signed in once) by username. */
  async add(
    actor: Actor,
    projectId: number,
    username: string,
    role: ProjectRole,
  ): Promise<ProjectMemberDto> {
    await this.access.require(actor, projectId, 'manageMembers');
    try {
      return await this.em.fork().transactional(async (em) => {
        await this.lockProject(em, projectId);
        const user = await em.findOne(User, { usernameKey: usernameKey(username) });
        if (!user) {
          throw new AppError(
            'UNKNOWN_USER',
            `No account is named "${username}". With single sign-on, they must sign in once first.`,
          );
        }
        if (await em.count(ProjectMember, { project: projectId, user: user.id })) {
          throw alreadyMember(user.username);
        }
        const member = em.create(ProjectMember, {
          project: em.getReference(Project, projectId),
          user,
          role,
        });
        await em.flush();
        await this.activity.record(
          {
            projectId,
            actor,
            action: 'member.added',
            details: { userId: user.id, username: user.username, role },
          },
          em,
        );
        await this.dataVersion.bump(em, user.id);
        return toDto({
          user_id: user.id,
          username: user.username,
          role,
          created_at: member.createdAt,
        });
      });
    } catch (error) {
      // Added by another owner at the same moment.
      if (error instanceof UniqueConstraintViolationException) throw alreadyMember(username);
      throw error;
    }
  }

  async changeRole(
    actor: Actor,
    projectId: number,
    userId: number,
    role: ProjectRole,
  ): Promise<ProjectMemberDto> {
    await this.access.require(actor, projectId, 'manageMembers');
    const dto = await this.em.fork().transactional(async (em) => {
      await this.lockProject(em, projectId);
      const member = await this.findMember(em, projectId, userId);
      const previousRole = member.role;
      if (previousRole !== role) {
        if (previousRole === 'owner') await this.assertAnotherOwner(em, projectId, userId);
        member.role = role;
        await em.flush();
        if (previousRole === 'owner') await this.handOverOwnership(em, projectId, userId);
        await this.activity.record(
          {
            projectId,
            actor,
            action: 'member.role_changed',
            details: { userId, username: member.user.username, role, previousRole },
          },
          em,
        );
        await this.dataVersion.bumpProjectMembers(em, projectId);
      }
      return toDto({
        user_id: userId,
        username: member.user.username,
        role,
        created_at: member.createdAt,
      });
    });
    return dto;
  }

  async remove(actor: Actor, projectId: number, userId: number): Promise<void> {
    await this.access.require(actor, projectId, 'manageMembers');
    await this.em.fork().transactional(async (em) => {
      await this.lockProject(em, projectId);
      const member = await this.findMember(em, projectId, userId);
      if (member.role === 'owner') await this.assertAnotherOwner(em, projectId, userId);
      // Everyone's list may show a new owner's name: bump while the member still counts.
      await this.dataVersion.bumpProjectMembers(em, projectId);
      await em.nativeDelete(ProjectMember, { id: member.id });
      if (member.role === 'owner') await this.handOverOwnership(em, projectId, userId);
      await this.activity.record(
        {
          projectId,
          actor,
          action: 'member.removed',
          details: { userId, username: member.user.username, role: member.role },
        },
        em,
      );
    });
    this.revocations.revoke(userId, projectId);
  }

  private async lockProject(em: SqlEntityManager, projectId: number): Promise<void> {
    const project = await em.findOne(
      Project,
      { id: projectId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] },
    );
    if (!project) throw projectNotFound();
  }

  private async findMember(
    em: SqlEntityManager,
    projectId: number,
    userId: number,
  ): Promise<ProjectMember> {
    const member = await em.findOne(
      ProjectMember,
      { project: projectId, user: userId },
      { populate: ['user'] },
    );
    if (!member) throw new AppError('NOT_FOUND', 'This person is not a member of the project');
    return member;
  }

  private async assertAnotherOwner(
    em: SqlEntityManager,
    projectId: number,
    userId: number,
  ): Promise<void> {
    const others = await em.count(ProjectMember, {
      project: projectId,
      role: 'owner',
      user: { $ne: userId },
    });
    if (others === 0) {
      throw new AppError(
        'LAST_OWNER',
        'A project must keep at least one owner: make someone else an owner first',
      );
    }
  }

  /**
   * `projects.owner_id` names the owner shown on cards: when that person stops being an owner,
   * the owner who has been one longest takes their place.
   */
  private async handOverOwnership(
    em: SqlEntityManager,
    projectId: number,
    formerOwnerId: number,
  ): Promise<void> {
    const project = await em.findOneOrFail(Project, projectId, { fields: ['id', 'owner'] });
    if (project.owner.id !== formerOwnerId) return;
    const next = await em.findOne(
      ProjectMember,
      { project: projectId, role: 'owner' },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    if (next) await em.nativeUpdate(Project, { id: projectId }, { owner: next.user.id });
  }
}

const alreadyMember = (username: string) =>
  new AppError(
    'ALREADY_MEMBER',
    `${username} is already a member of this project: change their role instead`,
  );
