import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { sellerRating } from '#shared/constants.js';
import { DELETED_USER_NAME } from '#shared/leaving.js';
import type { PublicUser, SessionUser } from '#shared/schemas/users.js';
import type { Db, UsersTable } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';

type UserRow = Selectable<UsersTable>;

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export function toPublicUser(row: UserRow): PublicUser {
  if (row.deleted_at !== null) {
    // Nothing of the person is left to show; the id stays, so links to the page still work.
    return {
      user_id: row.user_id,
      username: DELETED_USER_NAME,
      first_name: '',
      last_name: '',
      is_courier: 0,
      rating: sellerRating(row.rating),
      review_count: row.review_count,
      deleted: true,
    };
  }
  return {
    user_id: row.user_id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    is_courier: row.is_courier,
    rating: sellerRating(row.rating),
    review_count: row.review_count,
  };
}

/** The user's own record: the public fields, their e-mail, shift and verification. */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    ...toPublicUser(row),
    sfsu_email: row.sfsu_email,
    on_shift: row.on_shift,
    email_verified: row.email_verified,
    is_moderator: row.is_moderator,
  };
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('sfsu_email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, userId: number) {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function usernameOrEmailTaken(db: Db, username: string, email: string) {
  const row = await db
    .selectFrom('users')
    .select(['username', 'sfsu_email'])
    .where((eb) => eb.or([eb('username', '=', username), eb('sfsu_email', '=', email)]))
    .executeTakeFirst();
  if (!row) return null;
  return row.sfsu_email === email ? 'email' : 'username';
}

export interface NewUser {
  username: string;
  first_name: string;
  last_name: string;
  sfsu_email: string;
  password_hash: string;
  is_courier?: number;
  email_verified?: number;
}

export function insertUser(db: Db, user: NewUser) {
  return db
    .insertInto('users')
    .values({ ...user, created_at: nowIso() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateUserFlags(
  db: Db,
  userId: number,
  flags: { is_courier?: number; on_shift?: number },
) {
  return db
    .updateTable('users')
    .set(flags)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function createSession(db: Db, userId: number, tokenHash: string, expiresAt: string) {
  await db
    .insertInto('sessions')
    .values({ token_hash: tokenHash, user_id: userId, created_at: nowIso(), expires_at: expiresAt })
    .execute();
}

/** Every API call with a session cookie makes this read first. */
export function findSessionUser(db: Db, tokenHash: string) {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .selectAll('users')
      .select('sessions.expires_at')
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.expires_at', '>', nowIso())
      // A suspended account has no session, even one a racing request created.
      .where('users.suspended_at', 'is', null)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst()
  );
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user but `keep` (the caller's own, when they stay signed in). */
export async function deleteUserSessions(db: Db, userId: number, keep?: string | null) {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .$if(Boolean(keep), (q) => q.where('token_hash', '!=', keep!))
    .execute();
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteExpiredSessions(db: Db) {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
}

/** Failures counted for `key` in the current window (0 when the window has passed). */
export async function throttleFailures(
  db: Db,
  key: string,
  windowStartAfter: string,
): Promise<number> {
  const row = await db
    .selectFrom('auth_throttle')
    .selectAll()
    .where('key', '=', key)
    .executeTakeFirst();
  return row && row.window_start > windowStartAfter ? row.failures : 0;
}

/** Counts one more for `key` in its window and answers the count and when the window began. */
export async function recordThrottleFailure(db: Db, key: string, windowStartAfter: string) {
  const now = nowIso();
  return db
    .insertInto('auth_throttle')
    .values({ key, window_start: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        failures: eb
          .case()
          .when('auth_throttle.window_start', '>', windowStartAfter)
          .then(eb('auth_throttle.failures', '+', 1))
          .else(1)
          .end(),
        window_start: eb
          .case()
          .when('auth_throttle.window_start', '>', windowStartAfter)
          .then(eb.ref('auth_throttle.window_start'))
          .else(now)
          .end(),
      })),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
}

export async function clearThrottle(db: Db, key: string) {
  await db.deleteFrom('auth_throttle').where('key', '=', key).execute();
}
