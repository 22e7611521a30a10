/**
 * The statements deleting an account runs, one a step of erase-steps.ts, all on the transaction
 * handle the deletion runs in.
 */
import { FLOOD_LIMITS } from '#shared/moderation.js';
import { DELETED_USER_NAME } from '#shared/leaving.js';
import { canonicalEmail } from '#shared/names.js';
import type { Database, Db } from '#server/db/schema.js';
import { isoIn, nowIso } from '#server/lib/time.js';
import { ADDRESS_WINDOW_MS, emailLimitKeys } from './email-limits.js';

/** A table and the column that names the person in it. */
type OwnedBy = { [T in keyof Database]: readonly [T, keyof Database[T] & string] }[keyof Database];

/**
 * Tables whose rows are the person's alone, by the column naming them: their rows go whole.
 * A feature that keeps something of a person's own adds one line here.
 */
const OWN_ROWS: readonly OwnedBy[] = [
  ['sessions', 'user_id'],
  ['email_verifications', 'user_id'],
  ['password_resets', 'user_id'],
  ['idempotency_keys', 'user_id'],
  ['notifications', 'user_id'],
  ['notification_preferences', 'user_id'],
  ['message_digests', 'user_id'],
  ['courier_positions', 'courier_id'],
  ['favorites', 'user_id'],
  ['saved_searches', 'user_id'],
];

/** A listing taken down, as its seller's delete does (decision 001). */
const TAKEN_DOWN = { listing_status: 'Deleted', availability: 'Out of Stock' } as const;

/** Their listings taken down, and the requests waiting on them declined. */
export async function takeDownListingsOf(trx: Db, user_id: number): Promise<void> {
  await trx.updateTable('listings').set(TAKEN_DOWN).where('vendor_id', '=', user_id).execute();
  await trx
    .updateTable('delivery_requests')
    .set({ status: 'Denied' })
    .where((eb) => eb.and({ vendor_id: user_id, status: 'Pending' }))
    .execute();
}

/** Moderators' holds on their listings. */
export function deleteHoldsOnListingsOf(trx: Db, user_id: number) {
  return trx
    .deleteFrom('listing_holds')
    .where('listing_id', 'in', (eb) =>
      eb.selectFrom('listings').select('listing_id').where('vendor_id', '=', user_id),
    )
    .execute();
}

/** Their own delivery requests still waiting for an answer. */
export function withdrawPendingRequestsOf(trx: Db, user_id: number) {
  return trx
    .deleteFrom('delivery_requests')
    .where('buyer_id', '=', user_id)
    .where('status', '=', 'Pending')
    .execute();
}

/** Every row of OWN_ROWS naming them. */
export async function deleteOwnRows(trx: Db, user_id: number): Promise<void> {
  for (const [table, column] of OWN_ROWS) {
    // One query shape for every table: the list above types each pair.
    await trx
      .deleteFrom(table as 'sessions')
      .where(column as 'user_id', '=', user_id)
      .execute();
  }
}

/** Their push subscriptions and the push messages still waiting for them. */
export async function deletePushSubscriptionsOf(trx: Db, user_id: number): Promise<void> {
  const theirs = trx
    .selectFrom('push_subscriptions')
    .select('subscription_id')
    .where('user_id', '=', user_id);
  await trx.deleteFrom('push_outbox').where('subscription_id', 'in', theirs).execute();
  await trx.deleteFrom('push_subscriptions').where('user_id', '=', user_id).execute();
}

/** Mail to the address, sent or waiting. */
export function deleteMailTo(trx: Db, sfsu_email: string) {
  return trx.deleteFrom('mail_outbox').where('to_address', '=', sfsu_email).execute();
}

/** Guessing and flood counters kept under their address or account. */
export async function deleteCountersOf(
  trx: Db,
  { user_id, sfsu_email }: { user_id: number; sfsu_email: string },
): Promise<void> {
  // Keys of sign-in-guard.ts, password-routes.ts and export-routes.ts.
  const account = canonicalEmail(sfsu_email);
  const pairPrefix = `login:acct:${account}:ip:`;
  await trx
    .deleteFrom('auth_throttle')
    .where((eb) =>
      eb.or([
        eb('key', 'in', [
          `login:acct:${account}`,
          `reset:acct:${account}`,
          `export:acct:${user_id}`,
        ]),
        // Its count at each network address (no LIKE: its escapes differ by engine).
        eb(eb.fn('substr', ['key', eb.val(1), eb.val(pairPrefix.length)]), '=', pairPrefix),
      ]),
    )
    .execute();
  // Those of email-limits.ts outlive the account while they run, or registering the
  // address again would start them afresh; ended ones go.
  await trx
    .deleteFrom('auth_throttle')
    .where('key', 'in', Object.values(emailLimitKeys(sfsu_email)))
    .where('window_start', '<=', isoIn(-ADDRESS_WINDOW_MS))
    .execute();
  await trx
    .deleteFrom('flood_counters')
    .where(
      'key',
      'in',
      Object.keys(FLOOD_LIMITS).map((name) => `${name}:${user_id}`),
    )
    .execute();
}

/** Blocks they made and blocks of them. */
export function deleteBlocksOf(trx: Db, user_id: number) {
  return trx
    .deleteFrom('blocks')
    .where((eb) => eb.or([eb('blocker_id', '=', user_id), eb('blocked_id', '=', user_id)]))
    .execute();
}

/** The moderators' audit entries about them or by them, without their name. */
export async function unnameInAudit(trx: Db, user_id: number): Promise<void> {
  await trx
    .updateTable('moderation_audit')
    .set({ target_label: DELETED_USER_NAME })
    .where('target_type', '=', 'user')
    .where('target_id', '=', user_id)
    .execute();
  await trx
    .updateTable('moderation_audit')
    .set({ actor: DELETED_USER_NAME })
    .where('moderator_id', '=', user_id)
    .execute();
}

/** Reports of their account, without the username they kept. */
export function unnameReportsOf(trx: Db, user_id: number) {
  return trx
    .updateTable('reports')
    .set({ snapshot: JSON.stringify({ username: DELETED_USER_NAME }) })
    .where('target_type', '=', 'user')
    .where('target_id', '=', user_id)
    .where('snapshot', 'is not', null)
    .execute();
}

/**
 * The row stays as the author of what others still read. Its username and e-mail become
 * placeholders no one can register (a colon is not allowed in a username, and `.invalid` is no
 * real domain), so both are free to take again.
 */
export function blankAccount(trx: Db, user_id: number) {
  return trx
    .updateTable('users')
    .set({
      username: `deleted:${user_id}`,
      username_key: null,
      email_key: null,
      first_name: '',
      last_name: '',
      sfsu_email: `deleted-${user_id}@deleted.invalid`,
      password_hash: '',
      is_courier: 0,
      on_shift: 0,
      email_verified: 0,
      is_moderator: 0,
      suspended_at: null,
      suspended_reason: null,
      deleted_at: nowIso(),
    })
    .where('user_id', '=', user_id)
    .execute();
}
