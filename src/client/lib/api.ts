/**
 * The one API client: same-origin JSON with the session cookie, readable errors, and a deadline
 * on every request (reads and writes, src/shared/deadlines.ts).
 */
import { READ_DEADLINE_MS, WRITE_DEADLINE_MS } from '#shared/deadlines.js';
import { defaultErrorCode, ERROR_CODES, type ErrorCode } from '#shared/errors.js';

export class ApiError extends Error {
  /** What kind of error it is, for code to branch on (never on `message`). */
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    message: string,
    /** False when the server sent no readable message and `message` is a generic stand-in. */
    readonly fromServer: boolean = true,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code ?? defaultErrorCode(status);
  }
}

/** The `{ message, code }` of an error body, when it has them. */
export function readErrorBody(data: unknown): { message: string | null; code?: ErrorCode } {
  if (!data || typeof data !== 'object') return { message: null };
  const { message, code } = data as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' ? message : null,
    code: (ERROR_CODES as readonly unknown[]).includes(code) ? (code as ErrorCode) : undefined,
  };
}

/** True when no answer came (offline, DNS, a reset connection) or the deadline passed. */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError')
  );
}

type Query = Record<string, string | number | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /**
   * Give up after this many milliseconds (a network error, `TimeoutError`); by default the
   * read or write deadline. The abort frees the request's connection.
   */
  timeoutMs?: number;
  /** More headers: a create's `Idempotency-Key` (idempotency-key.ts). */
  headers?: Record<string, string>;
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);
/** Where requests go: the network in the browser, the server itself when it renders a page. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

let onUnauthorized: (() => void) | null = null;
/** Lets the session layer react when the server says the session is gone. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * Hears how each request ended: answered (no error) or not (the error: a passed deadline, a
 * dropped connection, the caller's abort). lib/connection.ts sets it once the app has started.
 */
export const requestWatch: { settled?: (error?: unknown) => void } = {};

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const timeout = AbortSignal.timeout(
    options.timeoutMs ?? (method === 'GET' ? READ_DEADLINE_MS : WRITE_DEADLINE_MS),
  );
  let response: Response;
  let text: string;
  try {
    // The deadline covers the answer's body too: a connection can hang halfway through it.
    response = await transport(withQuery(path, query), {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    text = await response.text();
  } catch (error) {
    requestWatch.settled?.(error);
    throw error;
  }
  requestWatch.settled?.();
  const data = parseJson(text);
  if (!response.ok) {
    const { message, code } = readErrorBody(data);
    const error = new ApiError(
      response.status,
      message ?? (response.statusText || `Request failed (${response.status})`),
      message !== null,
      code,
    );
    if (error.code === 'unauthenticated') onUnauthorized?.();
    throw error;
  }
  return data as T;
}
