import { z } from 'zod';

/** Codes any route can answer with. */
export const commonErrorCodes = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'FORBIDDEN',
  'FORBIDDEN_ORIGIN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'INTERNAL_ERROR',
  /** This process cannot serve now (shutting down, not ready, a model's empty answer). */
  'SERVICE_UNAVAILABLE',
] as const;

/** Codes of the auth module. */
export const authErrorCodes = [
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'USERNAME_TAKEN',
  'TOO_MANY_ATTEMPTS',
  /** 401: the account was disabled by an administrator; its sessions have ended. */
  'ACCOUNT_DISABLED',
] as const;

/** Codes of project members (issue 17). Lacking a role's right is the common FORBIDDEN (403). */
export const membersErrorCodes = [
  /** 409: the change would leave the project without an owner. */
  'LAST_OWNER',
  /** 409: that user is already a member (change their role instead). */
  'ALREADY_MEMBER',
  /** 404: no account has that username (with SSO: nobody of that name has signed in yet). */
  'UNKNOWN_USER',
] as const;

/** Codes of the question-answering and deal-extraction modules. */
export const qaErrorCodes = ['NO_ANALYSED_DOCUMENTS'] as const;

/** A dependency behind a port did not answer (503): the code names it. */
export const dependencyErrorCodes = [
  'REDIS_UNAVAILABLE',
  'ELASTICSEARCH_UNAVAILABLE',
  'OLLAMA_UNAVAILABLE',
  'IDENTITY_PROVIDER_UNAVAILABLE',
] as const;
export type DependencyErrorCode = (typeof dependencyErrorCodes)[number];

/** Stable machine-readable codes carried by every non-OK response. */
export const errorCodes = [
  ...commonErrorCodes,
  ...authErrorCodes,
  ...membersErrorCodes,
  ...qaErrorCodes,
  ...dependencyErrorCodes,
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorResponseSchema = z.object({
  error: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
