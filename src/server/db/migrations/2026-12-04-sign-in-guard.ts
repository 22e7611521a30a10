import { sql, type Kysely } from 'kysely';

/**
 * Frozen in time. Names people can trust and sign-in limits that hold under concurrency
 * (docs/decisions/024-sign-in-guard.md):
 * - users gain `username_key` (NFKC without regard to case) and `email_key` (lower case, the
 *   local part's `+tag` removed), each unique. Existing accounts get theirs here; when two
 *   existing accounts share a key, the older keeps it, the newer gets none (the unique indexes
 *   skip nulls) and a line in the log names both: nothing is merged, renamed or deleted;
 * - format characters (zero-width, direction overrides) leave existing first names, last names
 *   and listing titles, as they now leave new ones;
 * - `auth_throttle.failures` becomes `attempts`: a try is counted before the password is checked;
 * - a replayed `device_time` outside its delivery's life is stored clamped and marked adjusted;
 * - a declined delivery request keeps its reason ("Sold to another buyer").
 *
 * The rules are written out here as they were on this date, not imported: later changes to
 * src/shared/names.ts must not change what this migration did.
 */
const FORMAT_CHARACTERS = /\p{Cf}/gu;

const usernameKey = (name: string) =>
  name.normalize('NFKC').trim().toUpperCase().toLowerCase().normalize('NFKC');

const emailKey = (email: string) =>
  email
    .trim()
    .toLowerCase()
    .replace(/^([^@+][^@+]*)\+[^@]*(@[^@]*)$/, '$1$2');

type Warn = (message: string) => void;

/** The first account (oldest id) with a key keeps it; later ones are logged and get none. */
function firstHolders(
  rows: readonly { user_id: number; value: string }[],
  keyOf: (value: string) => string,
  what: string,
  warn: Warn,
): Map<number, string> {
  const holder = new Map<string, number>();
  const keys = new Map<number, string>();
  for (const row of rows) {
    const key = keyOf(row.value);
    const first = holder.get(key);
    if (first === undefined) {
      holder.set(key, row.user_id);
      keys.set(row.user_id, key);
    } else {
      warn(
        `sign-in guard migration: account ${row.user_id} has the same ${what} as account ${first} (${key}); both are kept, and only account ${first} holds the key`,
      );
    }
  }
  return keys;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function stripColumn(db: Kysely<any>, table: string, id: string, columns: string[]) {
  const rows = (await db
    .selectFrom(table)
    .select([id, ...columns])
    .execute()) as Record<string, string | number>[];
  for (const row of rows) {
    const changed: Record<string, string> = {};
    for (const column of columns) {
      const text = String(row[column]);
      const clean = text.replace(FORMAT_CHARACTERS, '');
      // A name made only of invisible characters keeps them rather than becoming empty.
      if (clean !== text && clean.trim() !== '') changed[column] = clean;
    }
    if (Object.keys(changed).length > 0) {
      await db.updateTable(table).set(changed).where(id, '=', row[id]).execute();
    }
  }
}

export function signInGuard(warn: Warn = (message) => console.warn(message)) {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('users').addColumn('username_key', 'text').execute();
      await db.schema.alterTable('users').addColumn('email_key', 'text').execute();
      const users = (await db
        .selectFrom('users')
        .select(['user_id', 'username', 'sfsu_email'])
        .orderBy('user_id')
        .execute()) as { user_id: number; username: string; sfsu_email: string }[];
      const usernames = firstHolders(
        users.map((u) => ({ user_id: u.user_id, value: u.username })),
        usernameKey,
        'username (without regard to case and width)',
        warn,
      );
      const emails = firstHolders(
        users.map((u) => ({ user_id: u.user_id, value: u.sfsu_email })),
        emailKey,
        'e-mail address (without regard to case and +tag)',
        warn,
      );
      for (const { user_id } of users) {
        await db
          .updateTable('users')
          .set({
            username_key: usernames.get(user_id) ?? null,
            email_key: emails.get(user_id) ?? null,
          })
          .where('user_id', '=', user_id)
          .execute();
      }
      await db.schema
        .createIndex('users_username_key_unique')
        .on('users')
        .column('username_key')
        .unique()
        .execute();
      await db.schema
        .createIndex('users_email_key_unique')
        .on('users')
        .column('email_key')
        .unique()
        .execute();

      await stripColumn(db, 'users', 'user_id', ['first_name', 'last_name']);
      await stripColumn(db, 'products', 'product_id', ['title']);

      await db.schema.alterTable('auth_throttle').renameColumn('failures', 'attempts').execute();

      await sql`alter table delivery_events add column device_at_adjusted integer not null
        default 0 check (device_at_adjusted in (0, 1))`.execute(db);
      await db.schema.alterTable('delivery_requests').addColumn('decline_reason', 'text').execute();
    },
  };
}
