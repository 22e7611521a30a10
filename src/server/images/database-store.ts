import type { Db } from '../db/schema.js';
import { etagOf, type ImageStore } from './image-store.js';
import { imageByName, imageExists, insertImage } from './repository.js';

/** Pictures in the `images` table (BLOB on SQLite, bytea on PostgreSQL). */
export function databaseImageStore(db: Db): ImageStore {
  return {
    async put(image) {
      await insertImage(db, {
        name: image.name,
        content_type: image.contentType,
        bytes: image.bytes,
        byte_size: image.bytes.length,
        width: image.width,
        height: image.height,
        etag: etagOf(image.bytes),
      });
    },
    async get(name) {
      const row = await imageByName(db, name);
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
    has: (name) => imageExists(db, name),
  };
}
