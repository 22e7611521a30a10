import { useMemo, useRef } from 'react';
import { ApiError, isNetworkError } from './api';
import { newIdempotencyKey } from './idempotency-key';

export interface SendKey {
  /**
   * The Idempotency-Key for sending `what` (its text, or a fingerprint of it): the same for
   * every send of the same thing (a double tap, a try after a deadline), a new one once it
   * changes or `done` was called.
   */
  for(what: unknown): string;
  /** It was sent: the next send is a new thing. */
  done(): void;
}

/** One key per thing a person sends from a form (docs/decisions/021-lie-fi-and-idempotency-keys.md). */
export function useSendKey(): SendKey {
  const held = useRef<{ what: string; key: string } | null>(null);
  return useMemo(
    () => ({
      for(what) {
        const text = typeof what === 'string' ? what : JSON.stringify(what);
        if (held.current?.what !== text) held.current = { what: text, key: newIdempotencyKey() };
        return held.current.key;
      },
      done() {
        held.current = null;
      },
    }),
    [],
  );
}

/** A create is tried once more by itself after a lost answer: its key makes that safe. */
export function retryLostAnswer(failures: number, error: Error): boolean {
  return (
    failures < 1 &&
    (isNetworkError(error) ||
      (error instanceof ApiError &&
        (error.status >= 500 || error.code === 'idempotency_in_progress')))
  );
}
