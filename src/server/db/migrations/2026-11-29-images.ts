import type { Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Frozen in time. Pictures live in the database, one row per stored size, named as their URL
 * ends (`<hash>.webp`, `<hash>-sm.webp`), so any instance serves any picture and no instance
 * needs a disk of its own (docs/decisions/018-stateless-instances.md).
 */
export function images(dialect: DialectName) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('images')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', dialect === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('etag', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
