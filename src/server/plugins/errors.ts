import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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
}): { status: number; message: string; retryAfter?: number } | null {
  const code = String(error.code ?? '');
  if (isUniqueViolation(error)) {
    return { status: 409, message: 'That already exists.' };
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return { status: 409, message: 'That refers to something that does not exist.' };
  }
  if (code.startsWith('SQLITE_CONSTRAINT') || code === '23514' || code === '23502') {
    return { status: 400, message: 'That value is not allowed.' };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, message: UNAVAILABLE_MESSAGE, retryAfter: UNAVAILABLE_RETRY_SECONDS };
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
      retryAfter: 1,
    };
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (error: FastifyError & { headers?: Record<string, string> }, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ message: describeIssues(error.validation) });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        // Only POST /api/listing carries an image; other calls have a small body limit.
        const message =
          request.url === '/api/listing'
            ? 'That upload is too large. Images must be 10MB or less.'
            : 'That request is too large.';
        return reply.code(413).send({ message });
      }
      if (
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
      ) {
        return reply.code(400).send({ message: 'The request body is not valid JSON.' });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.code(415).send({ message: 'Send the body as application/json.' });
      }
      const db = databaseError(error);
      if (db) {
        if (db.retryAfter) reply.header('retry-after', String(db.retryAfter));
        request.log.warn({ err: error }, 'database refused the request');
        return reply.code(db.status).send({ message: db.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply
          .code(500)
          .send({ message: 'Something went wrong on our side. Please try again.' });
      }
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(status)
        .send({ message: error.message || 'The request could not be processed.' });
    },
  );
}
