export type PageRef = { documentId: number; pageNumber: number };

/** Pages of each document read whatever search finds: preambles, cover pages, summaries. */
export const FIRST_PAGES = 3;
/** Pages given to the extractor at most (a model's context, the rules' time). */
export const MAX_CANDIDATE_PAGES = 60;
/** Passages asked of search per field. */
export const HITS_PER_QUERY = 8;

/** One search per kind of deal detail, worded as the documents word them. */
export const FIELD_QUERIES = [
  'chief executive officer CEO managing director',
  'total revenue net sales turnover',
  'employees headcount workforce',
  'purchase price valuation enterprise value consideration',
  'industry business company is a',
  'profit margin EBITDA net income',
  'letter of intent term sheet definitive agreement',
] as const;

/**
 * The pages to read, most useful first, without repeats and at most `limit`: each document's
 * first page (where the parties are named), then the pages search ranks highest, taking each
 * field's best hit in turn so that no field crowds out the others, then the documents' next
 * pages.
 */
export function choosePages(
  documents: readonly { id: number; pageCount: number | null }[],
  hitsPerQuery: readonly (readonly PageRef[])[],
  limit = MAX_CANDIDATE_PAGES,
): PageRef[] {
  const chosen = new Map<string, PageRef>();
  const add = (ref: PageRef) => {
    if (chosen.size < limit) chosen.set(`${ref.documentId}:${ref.pageNumber}`, ref);
  };
  for (const document of documents) add({ documentId: document.id, pageNumber: 1 });
  const deepest = Math.max(0, ...hitsPerQuery.map((hits) => hits.length));
  for (let rank = 0; rank < deepest; rank++) {
    for (const hits of hitsPerQuery) {
      const hit = hits[rank];
      if (hit) add(hit);
    }
  }
  for (let pageNumber = 2; pageNumber <= FIRST_PAGES; pageNumber++) {
    for (const document of documents) {
      if ((document.pageCount ?? 0) >= pageNumber) add({ documentId: document.id, pageNumber });
    }
  }
  return [...chosen.values()];
}
