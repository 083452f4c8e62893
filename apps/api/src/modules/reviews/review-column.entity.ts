import { defineEntity, p } from '@mikro-orm/core';
import { REVIEW_COLUMN_LABEL_MAX_LENGTH, reviewColumnTypes } from '@clearroom/contracts';
import { Review } from './review.entity.js';

/** One question of a review, asked of every document of it. */
const ReviewColumnSchema = defineEntity({
  name: 'ReviewColumn',
  tableName: 'review_columns',
  properties: {
    id: p.integer().primary().autoincrement(),
    review: () => p.manyToOne(Review).deleteRule('cascade'),
    position: p.integer(),
    label: p.string().length(REVIEW_COLUMN_LABEL_MAX_LENGTH),
    question: p.text(),
    type: p.enum([...reviewColumnTypes]),
  },
});

export class ReviewColumn extends ReviewColumnSchema.class {}
ReviewColumnSchema.setClass(ReviewColumn);
export { ReviewColumnSchema };
