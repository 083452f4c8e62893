import { z } from 'zod';

/** One clause span found by the clause model (issue: contract intelligence). */
export type ClauseSpan = {
  /** CUAD's exact category name, e.g. "Change Of Control". */
  category: string;
  /** Calibrated probability in [0, 1]. */
  score: number;
  pageNumber: number;
  /** Offsets into the page's stored text; `quote` is exactly `pageText.slice(start, end)`. */
  start: number;
  end: number;
  quote: string;
  /** The pieces of one clause across a page break share their group (one per page). */
  group: number;
  /**
   * The model reports it: the category is present in the document and this is its clause. Below
   * that, a candidate (`?minScore=`) is only a possibility.
   */
  found: boolean;
};

export type DocumentClauses = {
  documentId: number;
  originalname: string;
  /** Stored name, for `/api/files/{filename}`. */
  filename: string;
  mimetype: string;
  /** Why the document has no clauses when that is not "none found", e.g. a scan without text. */
  note: string | null;
  clauses: ClauseSpan[];
};

/** `GET /api/projects/:id/clauses` and `GET /api/files/:id/clauses`. */
export type ClausesResponse = {
  modelVersion: string;
  categories: string[];
  /** Each category's calibrated clause threshold (presence is decided per document, see `found`). */
  thresholds: Record<string, number>;
  /** Set while documents are re-classified with a newer model in the background. */
  reclassifying: { done: number; total: number } | null;
  documents: DocumentClauses[];
};

/**
 * One cell of the Clause Review's matrix: a category's best clause in a document (the one the
 * model reports, else its best candidate), with only what the cell shows and what opens it. The
 * clause's whole text is read from `GET /api/files/:id/clauses` when a cell is hovered or opened.
 */
export type ClauseMatrixCell = Omit<ClauseSpan, 'quote'> & {
  /** The clause's first words (see `firstWords`). */
  firstWords: string;
};

export type ClauseMatrixDocument = Omit<DocumentClauses, 'clauses'> & {
  /** One per category with a clause at or above `minScore`; a category left out is not found. */
  cells: ClauseMatrixCell[];
};

/** `GET /api/projects/:id/clauses/matrix`: the Clause Review's first screen. */
export type ClauseMatrixResponse = Omit<ClausesResponse, 'documents'> & {
  documents: ClauseMatrixDocument[];
};

/** Words of a clause shown in its matrix cell. */
export const MATRIX_CELL_WORDS = 8;

/** The start of a clause for its cell: the first `count` words, with an ellipsis if cut. */
export function firstWords(quote: string, count = MATRIX_CELL_WORDS): string {
  const words = quote.trim().split(/\s+/);
  return words.length <= count ? words.join(' ') : `${words.slice(0, count).join(' ')}…`;
}

/** The Clause Review's column groups, in the order a deal lawyer reads them. */
export const CLAUSE_REVIEW_GROUPS: { label: string; categories: string[] }[] = [
  { label: 'Control', categories: ['Change Of Control', 'Anti-Assignment'] },
  {
    label: 'Competition',
    categories: [
      'Exclusivity',
      'Non-Compete',
      'No-Solicit Of Customers',
      'No-Solicit Of Employees',
    ],
  },
  {
    label: 'Term',
    categories: [
      'Expiration Date',
      'Renewal Term',
      'Notice Period To Terminate Renewal',
      'Termination For Convenience',
    ],
  },
  {
    label: 'Liability',
    categories: ['Cap On Liability', 'Uncapped Liability', 'Liquidated Damages', 'Insurance'],
  },
  {
    label: 'Commercial',
    categories: [
      'Most Favored Nation',
      'Minimum Commitment',
      'Price Restrictions',
      'Revenue/Profit Sharing',
      'Rofr/Rofo/Rofn',
    ],
  },
  {
    label: 'IP',
    categories: [
      'License Grant',
      'Ip Ownership Assignment',
      'Joint Ip Ownership',
      'Source Code Escrow',
    ],
  },
  { label: 'Law', categories: ['Governing Law'] },
];

/** Every category of the Clause Review's groups, in their order. */
export const CLAUSE_REVIEW_CATEGORIES: readonly string[] = CLAUSE_REVIEW_GROUPS.flatMap(
  (group) => group.categories,
);

/** Clauses that can block or reprice a deal: the Clause Review's "red flags only" filter. */
export const RED_FLAG_CATEGORIES: readonly string[] = [
  'Change Of Control',
  'Anti-Assignment',
  'Exclusivity',
  'Non-Compete',
  'Uncapped Liability',
  'Most Favored Nation',
  'Liquidated Damages',
  'Rofr/Rofo/Rofn',
];

/** `?minScore=` of the clauses routes: every stored candidate at or above it. */
export const clausesQuerySchema = z.strictObject({
  minScore: z
    .string()
    .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'minScore must be a number from 0 to 1, such as 0.2')
    .transform(Number)
    .optional(),
});
export type ClausesQuery = z.infer<typeof clausesQuerySchema>;

/**
 * The matrix's query: `?columns=review` keeps the cells of the Clause Review's grouped categories
 * only (what the page shows until "Show all"), about half of the whole matrix.
 */
export const clauseMatrixQuerySchema = clausesQuerySchema.extend({
  columns: z.enum(['review'], { message: 'columns must be review' }).optional(),
});
export type ClauseMatrixQuery = z.infer<typeof clauseMatrixQuerySchema>;

export const clauseExportQuerySchema = z.strictObject({
  format: z.enum(['xlsx', 'csv'], { message: 'format must be xlsx or csv' }),
});
export type ClauseExportQuery = z.infer<typeof clauseExportQuerySchema>;
