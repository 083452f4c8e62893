import { z } from 'zod';
import type { Citation } from './qa.js';
import { noControlCharacters } from './text.js';

/** The answer types a review column can ask for. */
export const reviewColumnTypes = [
  'yes_no',
  'text',
  'date',
  'duration',
  'money',
  'parties',
  'place',
  'clause',
] as const;
export type ReviewColumnType = (typeof reviewColumnTypes)[number];

/** What people see for each type, in the builder's menu. */
export const REVIEW_COLUMN_TYPE_LABELS: Record<ReviewColumnType, string> = {
  yes_no: 'Yes/No',
  text: 'Text',
  date: 'Date',
  duration: 'Duration',
  money: 'Money',
  parties: 'Party names',
  place: 'Place/Governing law',
  clause: 'Clause',
};

export const REVIEW_NAME_MAX_LENGTH = 200;
export const REVIEW_COLUMN_LABEL_MAX_LENGTH = 100;
export const REVIEW_QUESTION_MAX_LENGTH = 1000;
export const REVIEW_MAX_COLUMNS = 50;
export const REVIEW_CELL_VALUE_MAX_LENGTH = 5000;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;

export const reviewCellStatuses = [
  'pending',
  'answered',
  'not_found',
  'redacted',
  'failed',
] as const;
export type ReviewCellStatus = (typeof reviewCellStatuses)[number];

export const reviewStatuses = ['running', 'completed', 'failed'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

const text = (label: string, max: number, kind: 'single-line' | 'multi-line') =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .refine(...noControlCharacters(label, kind))
    .max(max, `${label} must be at most ${max} characters`);

export const reviewColumnSchema = z.strictObject(
  {
    label: text('A column label', REVIEW_COLUMN_LABEL_MAX_LENGTH, 'single-line'),
    question: text("A column's question", REVIEW_QUESTION_MAX_LENGTH, 'multi-line'),
    type: z.enum(reviewColumnTypes, {
      error: `A column's type must be one of ${reviewColumnTypes.join(', ')}`,
    }),
  },
  { error: 'A column must be an object with label, question and type' },
);
export type ReviewColumnInput = z.infer<typeof reviewColumnSchema>;

const columnsSchema = z
  .array(reviewColumnSchema, { error: 'columns must be a list of columns' })
  .min(1, 'A review needs at least one column')
  .max(REVIEW_MAX_COLUMNS, `A review can have at most ${REVIEW_MAX_COLUMNS} columns`);

/** `POST /api/projects/:id/reviews`: without `documentIds`, every document of the project. */
export const createReviewRequestSchema = z.strictObject({
  name: text('Review name', REVIEW_NAME_MAX_LENGTH, 'single-line'),
  documentIds: z
    .array(
      z
        .number({ error: 'documentIds must be a list of document ids' })
        .int('documentIds must be a list of document ids')
        .positive('documentIds must be a list of document ids'),
      { error: 'documentIds must be a list of document ids' },
    )
    .min(1, 'documentIds must name at least one document (leave it out for all documents)')
    .max(100_000, 'documentIds holds too many ids')
    .transform((ids) => [...new Set(ids)])
    .optional(),
  columns: columnsSchema,
});
export type CreateReviewRequest = z.input<typeof createReviewRequestSchema>;
export type CreateReviewFields = z.output<typeof createReviewRequestSchema>;

/** `POST /api/reviews/:id/columns`: one more column; only it is run. */
export const addReviewColumnRequestSchema = reviewColumnSchema;

/** `PATCH /api/reviews/:id/cells/:documentId/:columnId`. */
export const updateReviewCellRequestSchema = z
  .strictObject({
    value: z
      .string({ error: 'value must be text' })
      .trim()
      .min(1, { message: 'value cannot be empty', abort: true })
      .refine(...noControlCharacters('value', 'multi-line'))
      .max(
        REVIEW_CELL_VALUE_MAX_LENGTH,
        `value must be at most ${REVIEW_CELL_VALUE_MAX_LENGTH} characters`,
      )
      .optional(),
    verified: z.boolean({ error: 'verified must be true or false' }).optional(),
    flagged: z.boolean({ error: 'flagged must be true or false' }).optional(),
    comment: z
      .string({ error: 'comment must be text' })
      .trim()
      .refine(...noControlCharacters('comment', 'multi-line'))
      .max(
        REVIEW_COMMENT_MAX_LENGTH,
        `comment must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`,
      )
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one of value, verified, flagged or comment',
  });
export type UpdateReviewCellRequest = z.input<typeof updateReviewCellRequestSchema>;
export type UpdateReviewCellFields = z.output<typeof updateReviewCellRequestSchema>;

/** `POST /api/review-templates`: the user's own columns under a name. */
export const createReviewTemplateRequestSchema = z.strictObject({
  name: text('Template name', REVIEW_NAME_MAX_LENGTH, 'single-line'),
  columns: columnsSchema,
});
export type CreateReviewTemplateRequest = z.input<typeof createReviewTemplateRequestSchema>;

/** `GET /api/reviews/:id/export?format=`. */
export const reviewExportQuerySchema = z.strictObject({
  format: z.enum(['xlsx', 'csv'], { error: "format must be 'xlsx' or 'csv'" }).default('xlsx'),
});

/** Rows per page of `GET /api/reviews/:id?offset=&limit=` at most. */
export const REVIEW_PAGE_MAX_ROWS = 1000;

const rowNumber = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

/** Rows with at least one cell so: `all` keeps every row. */
export const reviewRowFilters = ['all', 'unverified', 'flagged', 'not_found'] as const;
export type ReviewRowFilter = (typeof reviewRowFilters)[number];

const REVIEW_FILTER_MAX_LENGTH = 200;

const filterText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .max(
      REVIEW_FILTER_MAX_LENGTH,
      `${field} must be at most ${REVIEW_FILTER_MAX_LENGTH} characters`,
    )
    .optional();

/**
 * `GET /api/reviews/:id`: the grid's rows filtered and sorted on the server, so that each page is
 * a page of the whole grid in the view's order. Without `limit`, every matching row; else `limit`
 * rows from `offset` (the grid page shows its first screen at once and fetches the others after).
 * - `sort`: `document` (the default) or a column id, by the text each cell shows; `direction`
 *   `asc` (the default) or `desc`; ties in document name order;
 * - `document`: rows whose document name holds this text (case-insensitive);
 * - `column` with `value`: rows whose cell of that column shows this text;
 * - `rows`: rows with an unverified, a flagged or a not-found cell.
 */
export const reviewGridQuerySchema = z
  .strictObject({
    offset: rowNumber('offset', 0, Number.MAX_SAFE_INTEGER).optional(),
    limit: rowNumber('limit', 1, REVIEW_PAGE_MAX_ROWS).optional(),
    sort: z
      .string({ error: "sort must be 'document' or a column id" })
      .regex(/^(document|[1-9]\d{0,15})$/, "sort must be 'document' or a column id")
      .transform((sort) => (sort === 'document' ? sort : Number(sort)))
      .optional(),
    direction: z.enum(['asc', 'desc'], { error: "direction must be 'asc' or 'desc'" }).optional(),
    document: filterText('document'),
    column: rowNumber('column', 1, Number.MAX_SAFE_INTEGER).optional(),
    value: filterText('value'),
    rows: z
      .enum(reviewRowFilters, { error: `rows must be one of ${reviewRowFilters.join(', ')}` })
      .optional(),
  })
  .refine((query) => query.value === undefined || query.column !== undefined, {
    message: 'value needs column: the id of the column whose cells hold it',
  });
export type ReviewGridQuery = z.output<typeof reviewGridQuerySchema>;

/** How a grid's rows are filtered and sorted (the query's fields, with their defaults). */
export type ReviewView = {
  sort: number | 'document';
  direction: 'asc' | 'desc';
  document: string;
  column: number | null;
  value: string;
  rows: ReviewRowFilter;
};

export const DEFAULT_REVIEW_VIEW: ReviewView = {
  sort: 'document',
  direction: 'asc',
  document: '',
  column: null,
  value: '',
  rows: 'all',
};

export type ReviewProgress = { done: number; total: number };

export type ReviewSummary = {
  id: number;
  name: string;
  status: ReviewStatus;
  progress: ReviewProgress;
  createdAt: string;
};
export type ReviewsResponse = { reviews: ReviewSummary[] };

export type ReviewColumn = { id: number; label: string; question: string; type: ReviewColumnType };

export type ReviewCell = {
  columnId: number;
  status: ReviewCellStatus;
  /** The typed value shown (the reviewer's correction when `edited`). */
  value: string | null;
  /** The sentence or passage the value was read from. */
  answer: string | null;
  /** In [0, 1]; null until answered. */
  confidence: number | null;
  citations: Citation[];
  verified: boolean;
  edited: boolean;
  /** The value as answered, kept when a reviewer corrects it. */
  originalValue: string | null;
  flagged: boolean;
  comment: string | null;
};

export type ReviewRow = {
  documentId: number;
  originalname: string;
  /** Stored name, for `/api/files/{filename}`. */
  filename: string;
  mimetype: string;
  cells: ReviewCell[];
};

export type ReviewDetail = ReviewSummary & {
  projectId: number;
  /** True when the review covers every document of the project, including those uploaded later. */
  allDocuments: boolean;
  columns: ReviewColumn[];
  /** How many rows (documents) the whole grid has. */
  totalRows: number;
  /** How many of them the view's filters keep; `rows` may be a page of these. */
  matchingRows: number;
  /** The position of `rows[0]` among the matching rows in the view's order. */
  offset: number;
  rows: ReviewRow[];
};
export type ReviewResponse = { review: ReviewDetail };
export type ReviewCellResponse = { cell: ReviewCell };

export type ReviewTemplate = {
  /** `builtin:<slug>` for the built-in templates, the stored id otherwise. */
  id: string;
  name: string;
  builtIn: boolean;
  columns: ReviewColumnInput[];
};
export type ReviewTemplatesResponse = { templates: ReviewTemplate[] };
export type ReviewTemplateResponse = { template: ReviewTemplate };

/** What a cell shows as its value: the value, or why there is none (what sorts and filters read). */
export function cellText(cell: Pick<ReviewCell, 'status' | 'value'> | undefined): string {
  if (!cell) return '';
  switch (cell.status) {
    case 'pending':
      return 'Pending…';
    case 'not_found':
      return cell.value ?? 'Not found';
    case 'redacted':
      return cell.value ?? 'Redacted';
    case 'failed':
      return cell.value ?? 'Failed';
    case 'answered':
      return cell.value ?? '';
  }
}
