/**
 * Tells everyone concerned of one domain event, off the request's path: each recipient's
 * notification, their push messages and mails (or a message digest), stored in one transaction
 * that also takes the event out of the queue, so an event is told once even when a slow worker
 * and another instance both had it (the one whose lease ran out stores nothing).
 */
import { NOTIFICATION_KINDS } from '#shared/notification-kinds.js';
import type { Db } from '#server/db/schema.js';
import { insertMail } from '#server/mail/repository.js';
import { noticesOf, type Notice } from './audience.js';
import type { DomainEvent } from './domain-events.js';
import { noticeMail, type MailLinks } from './mails.js';
import {
  deleteClaimedEvent,
  queuePushes,
  recipientsOf,
  recordEvent,
  scheduleDigest,
  storeNotifications,
  wantsEmail,
  wantsPush,
  type Recipient,
} from './repository.js';

export interface TellContext {
  db: Db;
  /** With `required`, mail goes only to confirmed addresses (anyone may register any address). */
  emailVerification: 'required' | 'off';
  links: () => Promise<MailLinks>;
  digest: { delayMs: number; intervalMs: number };
}

/** Who heard (their bells refresh), and whether pushes or mails were queued. */
export interface Told {
  heard: number[];
  pushes: boolean;
  mails: boolean;
}

/** The event's claim: the row is deleted with what it caused, if this worker still holds it. */
export interface EventClaim {
  eventId: number;
  leaseUntil: string;
}

export class LeaseLost extends Error {
  constructor(eventId: number) {
    super(`event ${eventId} was taken over by another worker`);
  }
}

/** Takes the event out of the queue, if this worker still holds it. */
async function takeEvent(trx: Db, claim: EventClaim): Promise<void> {
  if (!(await deleteClaimedEvent(trx, claim))) throw new LeaseLost(claim.eventId);
}

/**
 * What an event stands for, found in the database off the request's path (a new listing: the
 * saved searches it answers). Read outside any transaction; `raise` runs in the one that takes
 * the event from the queue and answers the events to queue in its place.
 */
export type Expansion = (trx: Db) => Promise<DomainEvent[]>;

/** Replaces the event in the queue by those it stands for; answers how many were queued. */
export async function expand(db: Db, claim: EventClaim, raise: Expansion): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await takeEvent(trx, claim);
    const events = await raise(trx);
    for (const event of events) await recordEvent(trx, event);
    return events.length;
  });
}

export async function tell(ctx: TellContext, event: DomainEvent, claim: EventClaim): Promise<Told> {
  const told: Told = { heard: [], pushes: false, mails: false };
  const plans: { notice: Notice; recipients: Recipient[] }[] = [];
  for (const notice of noticesOf(event)) {
    const recipients = await recipientsOf(ctx.db, notice, event.actorId);
    if (recipients.length > 0) plans.push({ notice, recipients });
  }
  const mailable = (r: Recipient, notice: Notice) =>
    wantsEmail(r, notice) && (ctx.emailVerification === 'off' || r.email_verified === 1);
  const links = plans.some((p) => p.recipients.some((r) => mailable(r, p.notice)))
    ? await ctx.links()
    : null;

  await ctx.db.transaction().execute(async (trx) => {
    await takeEvent(trx, claim);

    for (const { notice, recipients } of plans) {
      // A group's title counts each recipient's own unread items: one recipient at a time.
      const batches = notice.group ? recipients.map((r) => [r]) : [recipients];
      for (const batch of batches) {
        const title = await storeNotifications(
          trx,
          notice,
          batch.map((r) => r.user_id),
        );
        const pushTo = batch.filter((r) => wantsPush(r, notice)).map((r) => r.user_id);
        if (pushTo.length > 0) {
          const payload = { title, body: notice.body, url: notice.url, tag: notice.tag };
          await queuePushes(trx, notice, payload, pushTo);
          told.pushes = true;
        }
      }
      for (const r of recipients.filter((r) => mailable(r, notice))) {
        if (NOTIFICATION_KINDS[notice.kind].mail === 'digest') {
          await scheduleDigest(trx, r.user_id, ctx.digest);
        } else {
          await insertMail(trx, noticeMail(r, notice, links!));
          told.mails = true;
        }
      }
      told.heard.push(...recipients.map((r) => r.user_id));
    }
  });
  told.heard = [...new Set(told.heard)];
  return told;
}
