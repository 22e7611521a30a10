import { sql, type RawBuilder } from 'kysely';
import { DELETED_USER_NAME } from '#shared/leaving.js';

/**
 * A person's username as others read it, from the `users` row joined as `table`: "Deleted
 * user" once the account was deleted (its stored name is a placeholder that no one can
 * register: docs/decisions/027-backups-metrics-and-leaving.md).
 */
export function shownUsername<Name extends string | null = string>(
  table: string,
): RawBuilder<Name> {
  return sql<Name>`case when ${sql.ref(`${table}.deleted_at`)} is null then ${sql.ref(
    `${table}.username`,
  )} else ${sql.lit(DELETED_USER_NAME)} end`;
}
