/** An error with an HTTP status and a message a person can read; the error plugin renders it. */
export interface HttpError extends Error {
  statusCode: number;
  headers?: Record<string, string>;
}

export function httpError(
  statusCode: number,
  message: string,
  headers?: Record<string, string>,
): HttpError {
  return Object.assign(new Error(message), { statusCode, headers, expose: true });
}

export const badRequest = (message: string) => httpError(400, message);
export const unauthorized = (message = 'Please sign in to continue.') => httpError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => httpError(403, message);
export const notFound = (message = 'Not found.') => httpError(404, message);
export const conflict = (message: string) => httpError(409, message);
