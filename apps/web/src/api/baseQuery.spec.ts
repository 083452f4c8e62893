import { describe, expect, it } from 'vitest';
import { errorMessage, forbiddenMessage, toApiError } from './baseQuery';

describe('toApiError', () => {
  it("carries the server's error field and code", () => {
    expect(
      toApiError({
        status: 401,
        data: { error: 'Invalid username or password', code: 'INVALID_CREDENTIALS' },
      }),
    ).toEqual({
      status: 401,
      message: 'Invalid username or password',
      fromServer: true,
      code: 'INVALID_CREDENTIALS',
    });
  });

  it("falls back to 'An error occurred' without a server message", () => {
    expect(toApiError({ status: 500, data: null })).toEqual({
      status: 500,
      message: 'An error occurred',
      fromServer: false,
    });
    expect(
      toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }),
    ).toMatchObject({
      status: 'FETCH_ERROR',
      message: 'An error occurred',
    });
  });

  it('keeps the HTTP status of a body that is not JSON', () => {
    expect(
      toApiError({
        status: 'PARSING_ERROR',
        originalStatus: 502,
        data: '<html>Bad gateway</html>',
        error: 'SyntaxError',
      }),
    ).toMatchObject({ status: 502, message: 'An error occurred', fromServer: false });
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, else the caller's fallback", () => {
    expect(
      errorMessage(toApiError({ status: 429, data: { error: 'Slow down' } }), 'Fallback'),
    ).toBe('Slow down');
    expect(errorMessage(toApiError({ status: 500, data: {} }), 'Fallback')).toBe('Fallback');
    expect(errorMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});

describe('forbiddenMessage', () => {
  it("uses the server's message for a 403 only", () => {
    const forbidden = toApiError({
      status: 403,
      data: { error: "Viewers can't upload documents", code: 'FORBIDDEN' },
    });
    expect(forbiddenMessage(forbidden, 'Fallback')).toBe("Viewers can't upload documents");
    const failed = toApiError({ status: 500, data: { error: 'Boom', code: 'INTERNAL_ERROR' } });
    expect(forbiddenMessage(failed, 'Fallback')).toBe('Fallback');
    expect(forbiddenMessage(toApiError({ status: 403, data: {} }), 'Fallback')).toBe('Fallback');
    expect(forbiddenMessage(new Error('boom'), 'Fallback')).toBe('Fallback');
  });
});
