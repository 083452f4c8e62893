import { meaningfulTerms } from '../../../common/text/terms.ts';

const MAX_TERMS = 32;

/** The `scope` column's value for a chunk: tokens naming its project and document. */
export function scopeTokens(projectId: number, documentId: number): string {
  return `p${integer(projectId)} d${integer(documentId)}`;
}

/** The words of user text that a search looks for (stop words only when nothing else is left). */
export function queryTerms(text: string): string[] {
  return meaningfulTerms(text).slice(0, MAX_TERMS);
}

/**
 * An FTS5 MATCH expression for words within a project (and some of its documents). The words
 * become an OR of quoted terms, so quotes, `*`, `-`, `AND`, `NEAR(` and column filters in the
 * user's text are only words and can never be a syntax error. Null when there are no words.
 */
export function toFtsMatch(
  terms: readonly string[],
  projectId: number,
  documentIds?: readonly number[],
): string | null {
  if (terms.length === 0) return null;
  const documents = documentIds
    ? ` AND scope : (${documentIds.map((id) => `"d${integer(id)}"`).join(' OR ')})`
    : '';
  return `scope : "p${integer(projectId)}"${documents} AND text : (${terms.map((term) => `"${term}"`).join(' OR ')})`;
}

function integer(id: number): number {
  if (!Number.isSafeInteger(id)) throw new Error(`Not an id: ${id}`);
  return id;
}
