/**
 * The activity log of a project (issue 17): append-only, one entry per action, readable by owners
 * and editors (viewers: 403). No route changes or deletes entries. Plain types and constants only.
 */

/** Every action recorded, each exactly once per occurrence. */
export const activityActions = [
  'project.created',
  'project.renamed',
  /** Deal details edited (`details.fields`: the names of the fields changed). */
  'project.details_edited',
  /** Tombstone kept after deletion (`details`: name, documentCount); shown to administrators. */
  'project.deleted',
  'document.uploaded',
  'document.deleted',
  'document.analysis_failed',
  /** Opened in the viewer or inline (`GET /api/files/:name`, signed URL or not). */
  'document.viewed',
  /** Fetched with `?download=1` (an attachment). */
  'document.downloaded',
  /** `details.question`: the question text only, never the answer. */
  'question.asked',
  'review.run',
  'review.exported',
  'clauses.exported',
  'deal_details.extracted',
  'member.added',
  'member.role_changed',
  'member.removed',
] as const;
export type ActivityAction = (typeof activityActions)[number];

/** Labels for the activity table and its action filter. */
export const activityActionLabels: Record<ActivityAction, string> = {
  'project.created': 'Project created',
  'project.renamed': 'Project renamed',
  'project.details_edited': 'Deal details edited',
  'project.deleted': 'Project deleted',
  'document.uploaded': 'Document uploaded',
  'document.deleted': 'Document deleted',
  'document.analysis_failed': 'Analysis failed',
  'document.viewed': 'Document viewed',
  'document.downloaded': 'Document downloaded',
  'question.asked': 'Question asked',
  'review.run': 'Review run',
  'review.exported': 'Review exported',
  'clauses.exported': 'Clause review exported',
  'deal_details.extracted': 'AI Extract run',
  'member.added': 'Member added',
  'member.role_changed': 'Role changed',
  'member.removed': 'Member removed',
};

export type ActivityEntry = {
  /** Increasing: the keyset of pagination (`before`). */
  id: number;
  projectId: number;
  /** ISO time. */
  at: string;
  /** Who did it; null for the system (an analysis failure) or an account since deleted. */
  actor: { id: number; username: string } | null;
  action: ActivityAction;
  /** The document concerned; `name` is kept even after the document is deleted. */
  document: { id: number; name: string } | null;
  /** The client address the request came from (null for the system). */
  address: string | null;
  /**
   * What else the action says, by action: question.asked `{ question }`; project.renamed
   * `{ from, to }`; project.details_edited `{ fields }`; member.* `{ userId, username, role,
   * previousRole? }`; review.* `{ reviewId, name, format? }`; clauses.exported `{ format }`;
   * document.analysis_failed `{ reason }`; project.deleted `{ name, documentCount }`.
   */
  details: Record<string, unknown> | null;
};

/**
 * `GET /api/projects/:id/activity?actor=<userId>&action=<action>&documentId=<id>&before=<id>&limit=<1..200, default 50>`:
 * newest first. `nextBefore` is the `before` of the next (older) page, null on the last page.
 */
export type ActivityPage = { entries: ActivityEntry[]; nextBefore: number | null };

export const ACTIVITY_PAGE_DEFAULT_LIMIT = 50;
export const ACTIVITY_PAGE_MAX_LIMIT = 200;

/**
 * `GET /api/projects/:id/activity/documents`: per document, how many distinct people viewed or
 * downloaded it and when last ("viewed by 4 people, last on …"). Documents nobody opened are absent.
 */
export type DocumentViewSummary = { documentId: number; viewers: number; lastViewedAt: string };
export type DocumentViewSummaryResponse = { documents: DocumentViewSummary[] };

/**
 * `GET /api/projects/:id/activity/export` (same filters, no paging): `text/csv` attachment with
 * the columns id, time, user, action, document, address, details (JSON).
 */
export const activityCsvColumns = [
  'id',
  'time',
  'user',
  'action',
  'document',
  'address',
  'details',
] as const;
