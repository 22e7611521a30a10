/** The one API client: same-origin JSON with the session cookie, readable errors. */
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

/** True when the request never reached the server (offline, DNS, reset) or timed out. */
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
  /** Give up after this many milliseconds (treated as a network error). */
  timeoutMs?: number;
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

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, timeoutMs } = options;
  const signals = [signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const response = await transport(withQuery(path, query), {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
  });
  const text = await response.text();
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
