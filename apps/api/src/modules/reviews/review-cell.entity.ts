import { defineEntity, p } from '@mikro-orm/core';
import { type Citation, reviewCellStatuses } from '@clearroom/contracts';
import { Document } from '../documents/document.entity.js';
import { ReviewColumn } from './review-column.entity.js';
import { Review } from './review.entity.js';

/** The answer of one column for one document; deleting the document deletes its row. */
const ReviewCellSchema = defineEntity({
  name: 'ReviewCell',
  tableName: 'review_cells',
  properties: {
    id: p.integer().primary().autoincrement(),
    review: () => p.manyToOne(Review).deleteRule('cascade'),
    document: () => p.manyToOne(Document).deleteRule('cascade'),
    column: () => p.manyToOne(ReviewColumn).deleteRule('cascade'),
    status: p.enum([...reviewCellStatuses]).default('pending'),
    value: p.text().nullable(),
    answer: p.text().nullable(),
    confidence: p.double().nullable(),
    /** Each verified against its page before it was stored. */
    citations: p.json<Citation[]>(),
    verified: p.boolean().default(false),
    /** A reviewer corrected the value; `originalValue` keeps the answer's. */
    edited: p.boolean().default(false),
    originalValue: p.text().nullable(),
    flagged: p.boolean().default(false),
    comment: p.text().nullable(),
    answeredAt: p.datetime(3).nullable(),
  },
  uniques: [{ properties: ['column', 'document'] }],
  indexes: [{ properties: ['review', 'status'] }, { properties: ['review', 'document'] }],
});

export class ReviewCell extends ReviewCellSchema.class {}
ReviewCellSchema.setClass(ReviewCell);
export { ReviewCellSchema };
