import { meaningfulTerms } from '../../common/text/terms.js';

const MAX_TERMS = 32;

/** The `scope` column's value for a chunk: tokens naming its project and document. */
export function scopeTokens(projectId: number, documentId: number): string {
  return `p${integer(projectId)} d${integer(documentId)}`;
}

/**
 * An FTS5 MATCH expression for user text within a project (and some of its documents). The
 * user's words become an OR of quoted terms, so quotes, `*`, `-`, `AND`, `NEAR(` and column
 * filters in the text are only words and can never be a syntax error. Null when the text has
 * no words.
 */
export function toFtsMatch(text: string, projectId: number, documentIds?: number[]): string | null {
  const chosen = meaningfulTerms(text).slice(0, MAX_TERMS);
  if (chosen.length === 0) return null;
  const documents = documentIds
    ? ` AND scope : (${documentIds.map((id) => `"d${integer(id)}"`).join(' OR ')})`
    : '';
  return `scope : "p${integer(projectId)}"${documents} AND text : (${chosen.map((term) => `"${term}"`).join(' OR ')})`;
}

function integer(id: number): number {
  if (!Number.isSafeInteger(id)) throw new Error(`Not an id: ${id}`);
  return id;
}
