/** The `images` table's statements (database-store.ts). */
import { hasRow } from '#server/db/has-row.js';
import type { Db, ImagesTable } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';

/** Stores the picture unless one of that name is there already (names are content hashes). */
export async function insertImage(db: Db, image: Omit<ImagesTable, 'created_at'>): Promise<void> {
  await db
    .insertInto('images')
    .values({ ...image, created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export function imageByName(db: Db, name: string) {
  return db
    .selectFrom('images')
    .select(['name', 'content_type', 'bytes', 'width', 'height', 'etag'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export function imageExists(db: Db, name: string): Promise<boolean> {
  return hasRow(db.selectFrom('images').select('name').where('name', '=', name));
}
