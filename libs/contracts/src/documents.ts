/**
 * Project files (spec §3 "Project file"), uploads and search. Plain types and constants only:
 * the API builds these responses itself and the web bundle needs no zod for them.
 */

/** The server-side lifecycle of a document (spec §4). */
export const fileStatuses = ['awaiting_processing', 'processing', 'completed', 'failed'] as const;
export type FileStatus = (typeof fileStatuses)[number];

/** Statuses during which the file list keeps polling. `pending` is read as in progress too. */
export const inProgressFileStatuses: readonly string[] = [
  'awaiting_processing',
  'processing',
  'pending',
];

/**
 * Default upload limits. The server's are configurable (`GET /api/config` says what they are);
 * the web uses these until it knows.
 */
export const DEFAULT_MAX_FILE_SIZE_MB = 200;
export const DEFAULT_MAX_FILES_PER_UPLOAD = 50;

export type ProjectFile = {
  id: number;
  projectId: number;
  /** The generated stored name, used in the view and download path `/api/files/{filename}`. */
  filename: string;
  originalname: string;
  /** Detected from the content, not from the name the browser sent. */
  mimetype: string;
  size: number;
  sha256: string;
  uploadedAt: string;
  processing_status: FileStatus;
  processingStatus: FileStatus;
  /** Why analysis failed, in words a person can act on; null unless failed. */
  failureReason: string | null;
  /**
   * For a completed document, what analysis could not read and what to do about it, in words a
   * person can act on, e.g. "4 scanned pages (10–13) have no text layer and were not read: ask
   * your administrator to enable OCR…". Null when there is nothing to say; the status badge
   * stays 'Analysis Complete'.
   */
  analysisNote: string | null;
  /** Pages (sheets, slides, sections) found; null until extraction has counted them. */
  pageCount: number | null;
  /** Pages analysed so far, for progress while processing. */
  pagesProcessed: number;
  completedAt: string | null;
};

export type ProjectFilesResponse = { files: ProjectFile[] };
export type ProjectFileResponse = { file: ProjectFile };

/** What happened to one part of a multipart upload. */
export type UploadOutcome =
  | { status: 'accepted'; originalname: string; size: number; file: ProjectFile }
  | {
      /** The same content is already in this project; nothing new was stored. */
      status: 'duplicate';
      originalname: string;
      size: number;
      file: ProjectFile;
    }
  | {
      status: 'rejected';
      originalname: string;
      size: number;
      /** A message naming the file and the rule it broke. */
      error: string;
      code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'VALIDATION_FAILED';
    };

/**
 * Response of `POST /api/projects/:projectId/files` (spec §3 "Upload response", extended).
 * Status 201 when at least one file was stored or already present; otherwise the status of
 * the first rejection (400, 413 or 415) with `error` and `code` set as on every error.
 */
export type UploadResponse = {
  files: UploadOutcome[];
  message: string;
  error?: string;
  code?: string;
};

export type FileTokenResponse = { url: string };

/** A passage found by `GET /api/projects/:id/search?q=`, best first. */
export type SearchPassage = {
  documentId: number;
  originalname: string;
  pageNumber: number;
  /** Character offsets of `text` in the page's extracted text: `pageText.slice(start, end)`. */
  start: number;
  end: number;
  text: string;
  score: number;
};

export type SearchResponse = { query: string; passages: SearchPassage[] };

export const SEARCH_QUERY_MAX_LENGTH = 1000;
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;
