import { defineEntity, p } from '@mikro-orm/core';
import { dealStages, PROJECT_NAME_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from '@clearroom/contracts';
import { User } from '../../infra/identity/identity.port.js';
import { ProjectMember } from './project-member.entity.js';

const shortText = () => p.string().length(SHORT_TEXT_MAX_LENGTH).nullable();
const longText = () => p.text().nullable();

const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'projects',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The owner shown on cards: the creator while they remain an owner (see MembersService). */
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    /** Who may see the project, with their roles (filter `{ members: { user: id } }`). */
    members: () => p.oneToMany(ProjectMember).mappedBy('project'),
    name: p.string().length(PROJECT_NAME_MAX_LENGTH),
    description: longText(),
    companyName: shortText(),
    industry: shortText(),
    businessModel: longText(),
    ceoName: shortText(),
    ceoContact: shortText(),
    revenue: shortText(),
    profitMargin: shortText(),
    employeeCount: shortText(),
    valuation: shortText(),
    dealStage: p.enum([...dealStages]).nullable(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
    updatedAt: p
      .datetime(3)
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['owner', 'createdAt'] }],
});

export class Project extends ProjectSchema.class {}
ProjectSchema.setClass(Project);
export { ProjectSchema };
