import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { sellerRating } from '#shared/constants.js';
import { canonicalEmail, usernameKey } from '#shared/names.js';
import { DELETED_USER_NAME } from '#shared/leaving.js';
import type { PublicUser, SessionUser } from '#shared/schemas/accounts.js';
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

/**
 * The account an address signs in to: the one registered with it as typed, else the one its
 * canonical form belongs to (`name+market@` signs in to `name@`'s account, one mailbox).
 */
export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([eb('sfsu_email', '=', email), eb('email_key', '=', canonicalEmail(email))]),
    )
    .limit(2)
    .execute();
  return rows.find((r) => r.sfsu_email === email) ?? rows[0];
}

export function findUserById(db: Db, userId: number) {
  return db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Which of the two a new account cannot have: an e-mail whose canonical form an account holds
 * (`NAME@`, `name+tag@`), or a username another one has without regard to case and width.
 */
export async function usernameOrEmailTaken(db: Db, username: string, email: string) {
  const emailKey = canonicalEmail(email);
  const row = await db
    .selectFrom('users')
    .select(['email_key', 'sfsu_email'])
    .where((eb) =>
      eb.or([
        eb('username_key', '=', usernameKey(username)),
        eb('username', '=', username),
        eb('email_key', '=', emailKey),
        eb('sfsu_email', '=', email),
      ]),
    )
    .executeTakeFirst();
  if (!row) return null;
  return row.email_key === emailKey || row.sfsu_email === email ? 'email' : 'username';
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

/** A new account, with the keys its username and e-mail are unique by. */
export function insertUser(db: Db, user: NewUser) {
  return db
    .insertInto('users')
    .values({
      ...user,
      username_key: usernameKey(user.username),
      email_key: canonicalEmail(user.sfsu_email),
      created_at: nowIso(),
    })
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

/**
 * Ends a session (sign-out). The device it was opened on stops getting push messages: its
 * subscription was registered with this session (a session that merely expires keeps it, so
 * the phone still hears of orders while the app is closed).
 */
export async function deleteSession(db: Db, tokenHash: string) {
  await db.deleteFrom('push_subscriptions').where('session_hash', '=', tokenHash).execute();
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/**
 * Ends every session of a user but `keep` (the caller's own, when they stay signed in), and the
 * push subscriptions of the devices they were open on (a password reset locks out a thief's
 * phone from notifications too).
 */
export async function deleteUserSessions(db: Db, userId: number, keep?: string | null) {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where(
      'session_hash',
      'in',
      db
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', userId)
        .$if(Boolean(keep), (q) => q.where('token_hash', '!=', keep!)),
    )
    .execute();
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
