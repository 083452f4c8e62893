import { defineEntity, p } from '@mikro-orm/core';
import { REVIEW_NAME_MAX_LENGTH, type ReviewColumnInput } from '@clearroom/contracts';
import { User } from '../../infra/identity/identity.port.js';

/** A user's own set of columns, saved from the builder to start other reviews with. */
const ReviewTemplateSchema = defineEntity({
  name: 'ReviewTemplate',
  tableName: 'review_templates',
  properties: {
    id: p.integer().primary().autoincrement(),
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    name: p.string().length(REVIEW_NAME_MAX_LENGTH),
    columns: p.json<ReviewColumnInput[]>(),
    createdAt: p.datetime(3).onCreate(() => new Date()),
  },
});

export class ReviewTemplate extends ReviewTemplateSchema.class {}
ReviewTemplateSchema.setClass(ReviewTemplate);
export { ReviewTemplateSchema };
