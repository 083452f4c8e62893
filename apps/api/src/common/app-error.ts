import type { ErrorCode } from '@clearroom/contracts';

/** The one place where error codes become HTTP statuses. */
const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  USERNAME_TAKEN: 409,
  TOO_MANY_ATTEMPTS: 429,
  ACCOUNT_DISABLED: 401,
  LAST_OWNER: 409,
  ALREADY_MEMBER: 409,
  UNKNOWN_USER: 404,
  FORBIDDEN: 403,
  FORBIDDEN_ORIGIN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  NO_ANALYSED_DOCUMENTS: 422,
  REDIS_UNAVAILABLE: 503,
  ELASTICSEARCH_UNAVAILABLE: 503,
  OLLAMA_UNAVAILABLE: 503,
  IDENTITY_PROVIDER_UNAVAILABLE: 503,
};

/** A failure the client can act on: its message is shown to the user as is. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
  }
}
