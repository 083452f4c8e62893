import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';

export const GENERIC_ERROR_MESSAGE = 'An error occurred';

/** Every failed call ends up as this: the HTTP status (or RTK's kind of failure) and a message. */
export type ApiError = {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  /** The server's `error` field, else 'An error occurred'. */
  message: string;
  /** True when `message` came from the server (so callers may prefer their own fallback). */
  fromServer: boolean;
  /** The server's machine-readable `code`, when it sent one. */
  code?: string;
};

function readServerError(data: unknown): { message?: string; code?: string } {
  if (typeof data !== 'object' || data === null) return {};
  const { error, code } = data as { error?: unknown; code?: unknown };
  return {
    message: typeof error === 'string' && error.trim() ? error : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

export function toApiError(error: FetchBaseQueryError): ApiError {
  const status = error.status;
  // PARSING_ERROR keeps the original HTTP status and the unparsed body text.
  const numericStatus =
    typeof status === 'number' ? status : 'originalStatus' in error ? error.originalStatus : null;
  const { message, code } = 'data' in error ? readServerError(error.data) : {};
  return {
    status: numericStatus ?? status,
    message: message ?? GENERIC_ERROR_MESSAGE,
    fromServer: message !== undefined,
    ...(code ? { code } : {}),
  };
}

/** The server's message if it sent one, else the caller's fallback (spec §8 toasts). */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'fromServer' in error) {
    const apiError = error as ApiError;
    if (apiError.fromServer) return apiError.message;
  }
  return fallback;
}

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'include' });

/** fetchBaseQuery on /api, with every non-OK response turned into an {@link ApiError}. */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error) {
    return { error: toApiError(result.error), ...(result.meta ? { meta: result.meta } : {}) };
  }
  return result;
};

/**
 * The server's message when it refused for the user's role (403: "Viewers can't upload
 * documents"), else the caller's fallback: pages whose spec fixes a failure's wording keep it for
 * every other failure.
 */
export function forbiddenMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'fromServer' in error) {
    const apiError = error as ApiError;
    if (apiError.status === 403 && apiError.fromServer) return apiError.message;
  }
  return fallback;
}
