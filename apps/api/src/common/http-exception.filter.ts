import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
} from '@nestjs/common';
import type { ErrorCode, ErrorResponse } from '@clearroom/contracts';
import type { Response } from 'express';
import { AppError } from './app-error.js';
import type { AppRequest } from './request.js';

type Mapped = {
  status: number;
  code: ErrorCode;
  message: string;
  headers?: Record<string, string>;
};

/** Turns every failure into `{ error, code }`; unknown errors become a logged, generic 500. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  constructor(private readonly jsonBodyLimitBytes: number) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<AppRequest>();
    const response = http.getResponse<Response>();
    const requestId = typeof request.id === 'string' ? request.id : undefined;
    // The client has gone (it aborted the work it asked for): nothing to answer, nothing to report.
    if (response.destroyed || request.socket.destroyed) return;
    const mapped = this.map(exception, request, requestId);

    if (mapped.status >= 500 && !(exception instanceof AppError)) {
      this.logger.error(
        { err: exception, requestId, method: request.method, url: request.originalUrl },
        'Unhandled error',
      );
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    const body: ErrorResponse = { error: mapped.message, code: mapped.code };
    if (mapped.status >= 500 && requestId) body.requestId = requestId;
    response
      .status(mapped.status)
      .set(mapped.headers ?? {})
      .json(body);
  }

  private map(exception: unknown, request: AppRequest, requestId: string | undefined): Mapped {
    if (exception instanceof AppError) {
      return {
        status: exception.status,
        code: exception.code,
        message: exception.message,
        headers: exception.headers,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const causeType = (exception.cause as { type?: string } | undefined)?.type;
      if (causeType === 'entity.parse.failed') {
        const notAnObject = jsonTypeOf((exception.cause as { body?: unknown }).body);
        return notAnObject
          ? {
              status: 400,
              code: 'VALIDATION_FAILED',
              message: `Request body must be a JSON object (Content-Type: application/json), not ${notAnObject}`,
            }
          : { status: 400, code: 'MALFORMED_JSON', message: 'Request body is not valid JSON' };
      }
      if (status === 413) {
        const limitKb = Math.round(this.jsonBodyLimitBytes / 1024);
        return {
          status,
          code: 'PAYLOAD_TOO_LARGE',
          message: `Request body is larger than the ${limitKb} KB limit`,
        };
      }
      if (
        status === 415 ||
        causeType === 'encoding.unsupported' ||
        causeType === 'charset.unsupported'
      ) {
        return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: exception.message };
      }
      if (status === 404) {
        return {
          status,
          code: 'ROUTE_NOT_FOUND',
          message: `No such endpoint: ${request.method} ${request.originalUrl.split('?')[0]}`,
        };
      }
      if (status < 500) {
        return { status, code: 'VALIDATION_FAILED', message: exception.message };
      }
    }
    const reference = requestId ? ` (reference ${requestId})` : '';
    return {
      status: 500,
      code: 'INTERNAL_ERROR',
      message: `Something went wrong on our side${reference}. Please try again.`,
    };
  }
}

/**
 * What a body the JSON parser refused is, when it is valid JSON all the same: the parser takes
 * objects and arrays only, so `null`, `42`, `"text"` or `true` is the wrong kind, not bad JSON.
 */
function jsonTypeOf(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  try {
    const value: unknown = JSON.parse(body);
    if (value === null) return 'null';
    return typeof value === 'object' ? null : `a ${typeof value}`;
  } catch {
    return null;
  }
}
