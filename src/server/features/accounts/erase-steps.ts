/**
 * What deleting an account removes, one step a line, run in order in one transaction
 * (docs/decisions/027-backups-metrics-and-leaving.md). A feature that keeps something of a
 * person (push subscriptions, saved searches, favourites, preferences) adds its line here.
 *
 * What others hold stays: messages and reviews the person wrote (shown from "Deleted user"),
 * deliveries and requests that ended, reports they filed and the moderators' audit (without
 * their name).
 */
import { FLOOD_LIMITS } from '#shared/moderation.js';
import { DELETED_USER_NAME } from '#shared/leaving.js';
import { canonicalEmail } from '#shared/names.js';
import type { Database, Db } from '#server/db/schema.js';
import { isoIn, nowIso } from '#server/lib/time.js';
import { ADDRESS_WINDOW_MS, emailLimitKeys } from './email-limits.js';

export interface Leaver {
  user_id: number;
  sfsu_email: string;
}

export interface EraseStep {
  /** What the step takes away, in words (the decision record lists them). */
  what: string;
  run: (trx: Db, person: Leaver) => Promise<unknown>;
}

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

export const ERASE_STEPS: readonly EraseStep[] = [
  {
    what: 'their listings leave the marketplace, and requests waiting on them are declined',
    run: async (trx, { user_id }) => {
      await trx.updateTable('listings').set(TAKEN_DOWN).where('vendor_id', '=', user_id).execute();
      await trx
        .updateTable('delivery_requests')
        .set({ status: 'Denied' })
        .where((eb) => eb.and({ vendor_id: user_id, status: 'Pending' }))
        .execute();
    },
  },
  {
    what: 'moderators can no longer put their hidden listings back',
    run: (trx, { user_id }) =>
      trx
        .deleteFrom('listing_holds')
        .where('listing_id', 'in', (eb) =>
          eb.selectFrom('listings').select('listing_id').where('vendor_id', '=', user_id),
        )
        .execute(),
  },
  {
    what: 'their own delivery requests still waiting for an answer are withdrawn',
    run: (trx, { user_id }) =>
      trx
        .deleteFrom('delivery_requests')
        .where('buyer_id', '=', user_id)
        .where('status', '=', 'Pending')
        .execute(),
  },
  {
    what: 'sessions (the event streams end with them), mailed codes and reset links, stored answers, notifications, notification preferences and digests, the last known position as a courier',
    run: async (trx, { user_id }) => {
      for (const [table, column] of OWN_ROWS) {
        // One query shape for every table: the list above types each pair.
        await trx
          .deleteFrom(table as 'sessions')
          .where(column as 'user_id', '=', user_id)
          .execute();
      }
    },
  },
  {
    what: 'push subscriptions on every device, and the push messages still on their way',
    run: async (trx, { user_id }) => {
      const theirs = trx
        .selectFrom('push_subscriptions')
        .select('subscription_id')
        .where('user_id', '=', user_id);
      await trx.deleteFrom('push_outbox').where('subscription_id', 'in', theirs).execute();
      await trx.deleteFrom('push_subscriptions').where('user_id', '=', user_id).execute();
    },
  },
  {
    what: 'mail to their address, sent or waiting (the built-in mailbox shows it no more)',
    run: (trx, { sfsu_email }) =>
      trx.deleteFrom('mail_outbox').where('to_address', '=', sfsu_email).execute(),
  },
  {
    what: 'guessing and flood counters kept under their address or account (the limits of the e-mail address itself, kept under its hash, stay until their day is over)',
    run: async (trx, { user_id, sfsu_email }) => {
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
    },
  },
  {
    what: 'blocks they made and blocks of them',
    run: (trx, { user_id }) =>
      trx
        .deleteFrom('blocks')
        .where((eb) => eb.or([eb('blocker_id', '=', user_id), eb('blocked_id', '=', user_id)]))
        .execute(),
  },
  {
    what: "the moderators' audit keeps its entries, without their name",
    run: async (trx, { user_id }) => {
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
    },
  },
  {
    what: 'reports of their account stay, without the username they kept',
    run: (trx, { user_id }) =>
      trx
        .updateTable('reports')
        .set({ snapshot: JSON.stringify({ username: DELETED_USER_NAME }) })
        .where('target_type', '=', 'user')
        .where('target_id', '=', user_id)
        .where('snapshot', 'is not', null)
        .execute(),
  },
  {
    // Last: the row stays as the author of what others still read. Its username and e-mail
    // become placeholders no one can register (a colon is not allowed in a username, and
    // `.invalid` is no real domain), so both are free to take again.
    what: 'their name, username, e-mail, password and roles',
    run: (trx, { user_id }) =>
      trx
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
        .execute(),
  },
];
