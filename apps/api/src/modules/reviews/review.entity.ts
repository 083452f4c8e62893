import { defineEntity, p } from '@mikro-orm/core';
import { REVIEW_NAME_MAX_LENGTH, reviewStatuses } from '@clearroom/contracts';
import { User } from '../../infra/identity/identity.port.js';
import { Project } from '../projects/project.entity.js';

/** A review grid: typed questions (its columns) asked of a set of a project's documents. */
const ReviewSchema = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.integer().primary().autoincrement(),
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    name: p.string().length(REVIEW_NAME_MAX_LENGTH),
    /** Every document of the project, including those uploaded later (else the chosen ones). */
    allDocuments: p.boolean(),
    status: p.enum([...reviewStatuses]).default('running'),
    createdBy: () => p.manyToOne(User).deleteRule('cascade'),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
  indexes: [{ properties: ['project', 'createdAt'] }],
});

export class Review extends ReviewSchema.class {}
ReviewSchema.setClass(Review);
export { ReviewSchema };
