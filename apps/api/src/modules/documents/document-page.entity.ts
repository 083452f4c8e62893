import { defineEntity, p } from '@mikro-orm/core';
import { Document } from './document.entity.js';

/** The canonical extracted text of one page: the search index can be rebuilt from it. */
const DocumentPageSchema = defineEntity({
  name: 'DocumentPage',
  tableName: 'document_pages',
  properties: {
    document: () => p.manyToOne(Document).primary().deleteRule('cascade'),
    number: p.integer().primary(),
    text: p.text().columnType('longtext'),
    ocr: p.boolean().default(false),
  },
});

export class DocumentPage extends DocumentPageSchema.class {}
DocumentPageSchema.setClass(DocumentPage);
export { DocumentPageSchema };
