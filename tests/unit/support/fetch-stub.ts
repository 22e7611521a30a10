/**
 * Stubs fetch at the network boundary: each test lists the calls it answers as
 * "METHOD /path" -> JSON body, reply(status, body), or a function of the request. Anything
 * else answers 404, and every call is recorded for assertions.
 */
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

interface Reply {
  __reply: true;
  status: number;
  body: unknown;
}

export const reply = (status: number, body: unknown): Reply => ({ __reply: true, status, body });

type Json = object | string | number | boolean | null;
type Answer = ((call: Call) => unknown) | Reply | Json;
export type Routes = Record<string, Answer>;

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    statusText: status === 404 ? 'Not Found' : '',
    headers: { 'content-type': 'application/json' },
  });
}

const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' && value !== null && '__reply' in value;

export function stubApi(routes: Routes) {
  const calls: Call[] = [];
  // Calls every signed-in profile makes (the blocked list) answer empty unless a test says so.
  const table: Routes = { 'GET /api/blocks': [], ...routes };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const call: Call = { method, path: url.pathname, query: url.searchParams, body };
      calls.push(call);
      const answer = table[`${method} ${url.pathname}`];
      if (answer === undefined)
        return json(404, { message: `No stub for ${method} ${url.pathname}` });
      const result = typeof answer === 'function' ? await answer(call) : answer;
      if (result instanceof Response) return result;
      if (isReply(result)) return json(result.status, result.body);
      return json(200, result);
    }),
  );
  return {
    calls,
    /** Calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    /** Replace or add answers mid-test (e.g. after a POST the list has one more item). */
    set: (key: string, answer: Answer) => {
      table[key] = answer;
    },
  };
}

/** An answer that never comes: the loading state stays on screen. */
export const never = () => new Promise<never>(() => undefined);

/** A network failure (offline), as fetch reports it. */
export const offline = () => {
  throw new TypeError('Failed to fetch');
};
