/** The one API client: same-origin JSON with the session cookie, readable errors. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** False when the server sent no readable message and `message` is a generic stand-in. */
    readonly fromServer: boolean = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
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
    if (response.status === 401) onUnauthorized?.();
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : null;
    throw new ApiError(
      response.status,
      message ?? (response.statusText || `Request failed (${response.status})`),
      message !== null,
    );
  }
  return data as T;
}
