import { nowIso } from '../lib/time.js';
import { hasRow } from '../db/has-row.js';
import type { Db } from '../db/schema.js';
import { etagOf, type ImageStore } from './image-store.js';

/** Pictures in the `images` table (BLOB on SQLite, bytea on PostgreSQL). */
export function databaseImageStore(db: Db): ImageStore {
  return {
    async put(image) {
      await db
        .insertInto('images')
        .values({
          name: image.name,
          content_type: image.contentType,
          bytes: image.bytes,
          byte_size: image.bytes.length,
          width: image.width,
          height: image.height,
          etag: etagOf(image.bytes),
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },
    async get(name) {
      const row = await db
        .selectFrom('images')
        .select(['name', 'content_type', 'bytes', 'width', 'height', 'etag'])
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        name: row.name,
        contentType: row.content_type,
        bytes: row.bytes,
        width: row.width,
        height: row.height,
        etag: row.etag,
      };
    },
    has: (name) => hasRow(db.selectFrom('images').select('name').where('name', '=', name)),
  };
}
