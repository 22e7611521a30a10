/**
 * Tells the domain events the queue holds (tell.ts), sends the message digests that are due
 * (digest.ts) and forgets what is old. One per instance; claims keep each event to one worker.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DialectName } from '#server/db/connect.js';
import type { Db } from '#server/db/schema.js';
import { describeError, dueBatches } from '#server/lib/queue.js';
import { giveUp, purgeFailed, retryLater } from '#server/lib/queue-repository.js';
import { isoIn } from '#server/lib/time.js';
import { createWorkLoop, type WorkLoop } from '#server/lib/work-loop.js';
import { sendNextDigest } from './digest.js';
import type { DomainEvent } from './domain-events.js';
import type { MailLinks } from './mails.js';
import { purgeReadNotifications } from './repository.js';
import { expand, LeaseLost, tell, type Expansion, type Told } from './tell.js';
import type { NotifyTiming } from './timing.js';

const EVENT_BATCH = 20;

export function createNotificationWorker(options: {
  db: Db;
  dialect: DialectName;
  log: FastifyBaseLogger;
  timing: NotifyTiming;
  emailVerification: 'required' | 'off';
  links: () => Promise<MailLinks>;
  /** After an event was told: refresh the bells, wake the push and mail workers. */
  onTold: (told: Told) => Promise<void>;
  /** A digest was queued: wake the mail worker. */
  onMailed: () => void;
  /**
   * For an event that stands for others found in the database (a new listing: the saved
   * searches it answers), what it stands for; null for an event told as it is.
   */
  expansionOf?: (event: DomainEvent) => Promise<Expansion | null>;
}): WorkLoop {
  const { db, dialect, log, timing } = options;
  const context = {
    db,
    emailVerification: options.emailVerification,
    links: options.links,
    digest: { delayMs: timing.digestDelayMs, intervalMs: timing.digestIntervalMs },
  };

  const tellEvents = async () => {
    const batches = dueBatches(
      { db, dialect, table: 'notification_events' },
      { leaseMs: timing.leaseMs, size: EVENT_BATCH, stopped: () => loop.stopped },
    );
    for await (const events of batches) {
      for (const row of events) {
        const about = { event_id: row.event_id, type: row.type };
        try {
          const event = JSON.parse(row.payload) as DomainEvent;
          const claim = { eventId: row.event_id, leaseUntil: row.lease_until! };
          const expansion = await options.expansionOf?.(event);
          // The events queued in its place are claimed by this round's next batch.
          if (expansion) await expand(db, claim, expansion);
          else await options.onTold(await tell(context, event, claim));
        } catch (error) {
          if (error instanceof LeaseLost) {
            log.info(about, 'event taken over by another worker');
            continue;
          }
          const reason = describeError(error);
          if (row.attempts >= timing.maxAttempts) {
            await giveUp(db, 'notification_events', row.event_id, reason);
            log.error({ ...about, err: error }, 'event given up: nobody was told');
          } else {
            const delay = timing.retryDelayMs(row.attempts);
            await retryLater(db, 'notification_events', row.event_id, isoIn(delay), reason);
            log.warn({ ...about, err: error }, 'event not told yet; will try again');
          }
        }
      }
    }
  };

  const sendDigests = async () => {
    while (!loop.stopped) {
      const { due, mailed } = await sendNextDigest(db, dialect, options);
      if (mailed) options.onMailed();
      if (!due) return;
    }
  };

  const purge = async () => {
    const before = isoIn(-timing.keepMs);
    await purgeFailed(db, 'notification_events', before);
    await purgeReadNotifications(db, before);
  };

  const loop = createWorkLoop({
    pollMs: timing.pollMs,
    round: async () => {
      await tellEvents();
      await sendDigests();
    },
    housekeeping: purge,
    onError: (error) => log.warn({ err: error }, 'notification queue: could not look at the queue'),
  });
  return loop;
}
