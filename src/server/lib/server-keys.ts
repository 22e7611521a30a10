/**
 * Keys every instance must share (the VAPID pair, the unsubscribe links' secret), made once by
 * whichever instance needs one first: an insert that keeps the row already there, then a read,
 * so instances racing to make one all end up with the same (docs/decisions/018).
 */
import type { Db } from '#server/db/schema.js';
import { insertServerKeyIfAbsent, serverKey } from './server-keys-repository.js';

export async function sharedKey(db: Db, name: string, create: () => string): Promise<string> {
  const found = await serverKey(db, name);
  if (found) return found.value;
  await insertServerKeyIfAbsent(db, name, create());
  return (await serverKey(db, name))!.value;
}

/** Loads once and keeps it; loads again after a failure (the database was away). */
export function memoized<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = null;
      throw error;
    });
    return value;
  };
}
