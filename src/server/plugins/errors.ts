import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { defaultErrorCode, ERROR_CODES, type ErrorCode } from '#shared/errors.js';
import { isDatabaseUnavailable, isUniqueViolation } from '../db/errors.js';

interface IssueLike {
  instancePath?: string;
  message?: string;
}

/** "price: Price cannot be negative; title: Title is required" */
function describeIssues(issues: readonly IssueLike[]): string {
  const parts = issues.slice(0, 3).map((issue) => {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const message = issue.message ?? 'is invalid';
    return path ? `${path}: ${message}` : message;
  });
  return parts.join('; ');
}

/** Database errors that are the client's fault or a passing condition, never a 500. */
export const UNAVAILABLE_MESSAGE =
  'The marketplace is briefly unavailable. Please try again in a moment.';
/** How long a client should wait before trying again while the database is away. */
const UNAVAILABLE_RETRY_SECONDS = 5;

function databaseError(error: {
  code?: unknown;
  message?: string;
}): { status: number; message: string; code: ErrorCode; retryAfter?: number } | null {
  const code = String(error.code ?? '');
  if (isUniqueViolation(error)) {
    return { status: 409, message: 'That already exists.', code: 'conflict' };
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return {
      status: 409,
      message: 'That refers to something that does not exist.',
      code: 'conflict',
    };
  }
  if (code.startsWith('SQLITE_CONSTRAINT') || code === '23514' || code === '23502') {
    return { status: 400, message: 'That value is not allowed.', code: 'validation' };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      message: UNAVAILABLE_MESSAGE,
      code: 'unavailable',
      retryAfter: UNAVAILABLE_RETRY_SECONDS,
    };
  }
  if (
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_LOCKED' ||
    code === '40001' ||
    code === '40P01' ||
    code === '55P03'
  ) {
    return {
      status: 503,
      message: 'The server is busy. Please try again in a moment.',
      code: 'unavailable',
      retryAfter: 1,
    };
  }
  return null;
}

/** Every error answer: `{ message, code }`. */
export function sendError(reply: FastifyReply, status: number, message: string, code?: ErrorCode) {
  return reply.code(status).send({ message, code: code ?? defaultErrorCode(status) });
}

const isErrorCode = (code: unknown): code is ErrorCode =>
  (ERROR_CODES as readonly unknown[]).includes(code);

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError & { headers?: Record<string, string> }, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendError(reply, 400, describeIssues(error.validation), 'validation');
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        // Only creating and editing a listing carry pictures; other calls have a small limit.
        const pictures =
          (request.method === 'POST' && request.url === '/api/listing') ||
          (request.method === 'PATCH' && /^\/api\/listing\/[^/?]+$/.test(request.url));
        const message = pictures
          ? 'That upload is too large. Images must be 10MB or less.'
          : 'That request is too large.';
        return sendError(reply, 413, message, 'too_large');
      }
      if (
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      ) {
        return sendError(reply, 400, 'The request body is not valid JSON.', 'malformed');
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return sendError(
          reply,
          415,
          'Send the body as application/json.',
          'unsupported_media_type',
        );
      }
      const db = databaseError(error);
      if (db) {
        if (db.retryAfter) reply.header('retry-after', String(db.retryAfter));
        request.log.warn({ err: error }, 'database refused the request');
        return sendError(reply, db.status, db.message, db.code);
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return sendError(reply, 500, 'Something went wrong on our side. Please try again.');
      }
      if (error.headers) reply.headers(error.headers);
      // Our own errors (http-error.ts) carry their code; Fastify's 4xx get the status's.
      const code = isErrorCode(error.code) ? error.code : defaultErrorCode(status);
      return sendError(reply, status, error.message || 'The request could not be processed.', code);
    },
  );
}
