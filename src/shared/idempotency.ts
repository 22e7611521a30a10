/**
 * Idempotency keys (the IETF httpapi draft "The Idempotency-Key HTTP Header Field";
 * docs/decisions/021-lie-fi-and-idempotency-keys.md): a create sent with a key is carried out once per
 * account and key; a repeat within the key's lifetime gets the first answer.
 */

/** The request header. Its value is a structured-field string (quoted); bare text is taken too. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that repeats the stored first one. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** How long the server keeps a key and its answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * The most keys one account keeps; a new key evicts that account's oldest answered ones past it.
 * A phone's outbox replays within minutes, far inside this many writes; without a bound, fresh
 * keys on every request grew the table by a row each (300 in under 3 s).
 */
export const IDEMPOTENCY_KEYS_PER_ACCOUNT = 200;
/** 1 to 255 visible ASCII characters (a UUID is best). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is best).',
  reused:
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  inProgress:
    'The first request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

/** The key a header value names (a quoted string or bare text), or null when it is not one. */
export function parseIdempotencyKey(value: string): string | null {
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(value.trim());
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : value.trim();
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null;
}

/** The header value for `key`, as the draft writes it: a structured-field string. */
export function idempotencyHeaderValue(key: string): string {
  return `"${key.replace(/["\\]/g, '\\$&')}"`;
}
