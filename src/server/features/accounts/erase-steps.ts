/**
 * What deleting an account removes, one step a line, run in order in one transaction
 * (docs/decisions/027-backups-metrics-and-leaving.md). A feature that keeps something of a
 * person (push subscriptions, saved searches, favourites, preferences) adds its line here, and
 * its statement to erase-repository.ts.
 *
 * What others hold stays: messages and reviews the person wrote (shown from "Deleted user"),
 * deliveries and requests that ended, reports they filed and the moderators' audit (without
 * their name).
 */
import type { Db } from '#server/db/schema.js';
import { endSalesTalksOf } from '#server/safety/sale-holds-repository.js';
import {
  blankAccount,
  deleteBlocksOf,
  deleteCountersOf,
  deleteHoldsOnListingsOf,
  deleteMailTo,
  deleteOwnRows,
  deletePushSubscriptionsOf,
  takeDownListingsOf,
  unnameInAudit,
  unnameReportsOf,
  withdrawPendingRequestsOf,
} from './erase-repository.js';

export interface Leaver {
  user_id: number;
  sfsu_email: string;
}

export interface EraseStep {
  /** What the step takes away, in words (the decision record lists them). */
  what: string;
  run: (trx: Db, person: Leaver) => Promise<unknown>;
}

export const ERASE_STEPS: readonly EraseStep[] = [
  {
    what: 'their listings leave the marketplace, and requests waiting on them are declined',
    run: (trx, { user_id }) => takeDownListingsOf(trx, user_id),
  },
  {
    what: 'moderators can no longer put their hidden listings back',
    run: (trx, { user_id }) => deleteHoldsOnListingsOf(trx, user_id),
  },
  {
    what: 'their own delivery requests still waiting for an answer are withdrawn',
    run: (trx, { user_id }) => withdrawPendingRequestsOf(trx, user_id),
  },
  {
    what: 'sessions (the event streams end with them), mailed codes and reset links, stored answers, notifications, notification preferences and digests, the last known position as a courier',
    run: (trx, { user_id }) => deleteOwnRows(trx, user_id),
  },
  {
    what: 'push subscriptions on every device, and the push messages still on their way',
    run: (trx, { user_id }) => deletePushSubscriptionsOf(trx, user_id),
  },
  {
    what: 'mail to their address, sent or waiting (the built-in mailbox shows it no more)',
    run: (trx, { sfsu_email }) => deleteMailTo(trx, sfsu_email),
  },
  {
    what: 'guessing and flood counters kept under their address or account (the limits of the e-mail address itself, kept under its hash, stay until their day is over)',
    run: (trx, person) => deleteCountersOf(trx, person),
  },
  {
    what: 'their open offers are withdrawn or closed, holds for them or on their listings end, and their open meetings on campus are cancelled (sales and meetings that ended stay on the other side\'s record, from "Deleted user")',
    run: (trx, { user_id }) => endSalesTalksOf(trx, user_id),
  },
  {
    what: 'blocks they made and blocks of them',
    run: (trx, { user_id }) => deleteBlocksOf(trx, user_id),
  },
  {
    what: "the moderators' audit keeps its entries, without their name",
    run: (trx, { user_id }) => unnameInAudit(trx, user_id),
  },
  {
    what: 'reports of their account stay, without the username they kept',
    run: (trx, { user_id }) => unnameReportsOf(trx, user_id),
  },
  {
    // Last: the row stays as the author of what others still read (erase-repository.ts).
    what: 'their name, username, e-mail, password and roles',
    run: (trx, { user_id }) => blankAccount(trx, user_id),
  },
];
