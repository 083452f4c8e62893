import { defineEntity, p } from '@mikro-orm/core';
import { Document } from '../documents/document.entity.js';

/**
 * One clause span scored by the clause model: a category's candidate on one page, down to a low
 * floor; `found` marks what the model reports by default. A clause across a page break is two rows
 * with the same `clauseGroup`.
 */
const ClauseSchema = defineEntity({
  name: 'Clause',
  tableName: 'clauses',
  properties: {
    id: p.integer().primary().autoincrement(),
    document: () => p.manyToOne(Document).deleteRule('cascade'),
    /** CUAD's exact category name. */
    category: p.string().length(64),
    /** Calibrated probability in [0, 1]. */
    score: p.double(),
    pageNumber: p.integer(),
    start: p.integer(),
    end: p.integer(),
    clauseGroup: p.integer(),
    /** Reported by default: the model found the category in the document, and this clause is it. */
    found: p.boolean(),
    /** Exactly `pageText.slice(start, end)`, kept so that a review never reads whole pages. */
    quote: p.text(),
  },
  indexes: [{ properties: ['document', 'category'] }],
});

export class Clause extends ClauseSchema.class {}
ClauseSchema.setClass(Clause);
export { ClauseSchema };

/** Which model version classified a document, also when it found no clause at all. */
const DocumentClassificationSchema = defineEntity({
  name: 'DocumentClassification',
  tableName: 'document_classifications',
  properties: {
    document: () => p.oneToOne(Document).primary().owner().deleteRule('cascade'),
    modelVersion: p.string().length(40),
    classifiedAt: p.datetime(3),
  },
});

export class DocumentClassification extends DocumentClassificationSchema.class {}
DocumentClassificationSchema.setClass(DocumentClassification);
export { DocumentClassificationSchema };
