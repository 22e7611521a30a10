/**
 * The Idempotency-Key of a create (docs/decisions/021-lie-fi-and-idempotency-keys.md): made once
 * per thing a person sends and sent with every try of it. Apart from api.ts, which the app's
 * start loads: only the screens that create need it.
 */
import { IDEMPOTENCY_HEADER, idempotencyHeaderValue } from '#shared/idempotency.js';
import { api } from './api';

/** A fresh key: a random UUID (made by hand where randomUUID is missing: plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** The request header that carries `key`. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: idempotencyHeaderValue(key) };
}

/** POSTs a create with its key: a retry of the same create gets the first one's answer. */
export function postCreate<T>(path: string, body: unknown, key: string): Promise<T> {
  return api<T>(path, { method: 'POST', body, headers: idempotencyHeaders(key) });
}
