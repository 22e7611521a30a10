/** A small HTTP client for the balancer tests: a session cookie, JSON, and who answered. */
export interface Answer {
  status: number;
  /** The instance HAProxy sent the request to (its x-served-by header), when it went through it. */
  servedBy: string | null;
  headers: Headers;
  body: Buffer;
  json: <T = unknown>() => T;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  cookie?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

export async function call(base: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.json !== undefined && { body: JSON.stringify(options.json) }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    servedBy: res.headers.get('x-served-by'),
    headers: res.headers,
    body,
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
  };
}

/** Signs in and returns the session cookie to send back. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('campus_sid='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}
