import { defaultErrorCode, type ErrorCode } from '#shared/errors.js';

/**
 * An error with an HTTP status, a message a person can read and a code a program can branch
 * on; the error plugin renders it as `{ message, code }`.
 */
export interface HttpError extends Error {
  statusCode: number;
  code: ErrorCode;
  headers?: Record<string, string>;
}

export function httpError(
  statusCode: number,
  message: string,
  options: { code?: ErrorCode; headers?: Record<string, string> } = {},
): HttpError {
  return Object.assign(new Error(message), {
    statusCode,
    code: options.code ?? defaultErrorCode(statusCode),
    headers: options.headers,
    expose: true,
  });
}

export const badRequest = (message: string, code?: ErrorCode) => httpError(400, message, { code });
export const unauthorized = (message = 'Please sign in to continue.') => httpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.', code?: ErrorCode) =>
  httpError(403, message, { code });
export const notFound = (message = 'Not found.') => httpError(404, message);
export const conflict = (message: string, code?: ErrorCode) => httpError(409, message, { code });
