/** The statements of server-keys.ts: a shared key by name, and its one-time insert. */
import type { Db } from '#server/db/schema.js';
import { nowIso } from './time.js';

export function serverKey(db: Db, name: string) {
  return db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirst();
}

/** Stores the key unless an instance stored one under this name first (that one stays). */
export async function insertServerKeyIfAbsent(db: Db, name: string, value: string): Promise<void> {
  await db
    .insertInto('server_keys')
    .values({ name, value, created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
