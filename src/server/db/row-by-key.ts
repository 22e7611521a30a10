import { sql, type Selectable } from 'kysely';
import type { Database, Db } from './schema.js';

/**
 * The row of `table` whose `key` column holds `value`, undefined when there is none: the plain
 * find-by-key read (a product, a delivery's last position, a mail), all of its columns.
 */
export async function rowByKey<Table extends keyof Database & string>(
  db: Db,
  table: Table,
  key: keyof Database[Table] & string,
  value: number,
): Promise<Selectable<Database[Table]> | undefined> {
  const { rows } = await sql<Selectable<Database[Table]>>`
    select * from ${sql.table(table)} where ${sql.ref(key)} = ${value}
  `.execute(db);
  return rows[0];
}
