import type { DialectName } from '../connect.js';
import { required, requiredColumns, type Db } from './schema-parts.js';

/**
 * Frozen in time. Pictures live in the database, one row per stored size, named as their URL
 * ends (`<hash>.webp`, `<hash>-sm.webp`), so any instance serves any picture and no instance
 * needs a disk of its own (docs/decisions/018-stateless-instances.md).
 */
export function images(dialect: DialectName) {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('images')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', required)
        .addColumn('bytes', dialect === 'sqlite' ? 'blob' : 'bytea', required)
        .$call(requiredColumns('integer', 'byte_size', 'width', 'height'))
        .$call(requiredColumns('text', 'etag', 'created_at'))
        .execute();
    },
  };
}
