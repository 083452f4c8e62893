import { defineEntity, p } from '@mikro-orm/core';
import { projectRoles } from '@clearroom/contracts';
import { User } from '../../infra/identity/identity.port.js';
import { Project } from './project.entity.js';

/** Who may see a project, and with which role (issue 17). A project always keeps an owner. */
const ProjectMemberSchema = defineEntity({
  name: 'ProjectMember',
  tableName: 'project_members',
  properties: {
    id: p.integer().primary().autoincrement(),
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    role: p.enum([...projectRoles]),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  uniques: [{ properties: ['project', 'user'] }],
  // The project list: every membership of one user.
  indexes: [{ properties: ['user', 'project'] }],
});

export class ProjectMember extends ProjectMemberSchema.class {}
ProjectMemberSchema.setClass(ProjectMember);
export { ProjectMemberSchema };
