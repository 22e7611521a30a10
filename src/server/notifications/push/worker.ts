/**
 * Sends the push messages the queue holds, off every request's path. Each instance runs one
 * worker; a batch is claimed in one statement (src/server/lib/queue-repository.ts), so each message goes
 * to one worker, and its sends run together over kept-alive connections. A sent message leaves
 * the queue; a dead subscription (404, 410) is forgotten with its queued messages; 429 and 5xx
 * are tried again with a bounded backoff (Retry-After honoured up to a limit).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { DialectName } from '#server/db/connect.js';
import type { Db, PushOutboxTable } from '#server/db/schema.js';
import { dueBatches } from '#server/lib/queue.js';
import { finish, giveUp, purgeFailed, retryLater } from '#server/lib/queue-repository.js';
import { givingWay, type RequestPressure } from '#server/lib/request-pressure.js';
import { isoIn } from '#server/lib/time.js';
import { createWorkLoop, type WorkLoop } from '#server/lib/work-loop.js';
import { deletePushSubscription, pushDevices } from '../repository.js';
import type { NotifyTiming } from '../timing.js';
import type { PushSender } from './sender.js';

/** Sends in flight at once: enough to keep a push service's kept-alive connections busy. */
const SENDS_AT_ONCE = 16;

export function createPushWorker(options: {
  db: Db;
  dialect: DialectName;
  sender: PushSender;
  log: FastifyBaseLogger;
  timing: NotifyTiming;
  /** While people keep the server busy, sends leave at `timing.busySendsPerSecond`. */
  pressure?: RequestPressure;
}): WorkLoop {
  const { db, dialect, sender, log, timing, pressure } = options;

  // A send encrypts its payload at once, in this thread: each starts in a turn of its own,
  // and while requests keep the server busy, at a pace that leaves the server to them (a
  // fan-out to a thousand devices then takes longer; the answers people wait for do not).
  const turn = givingWay(pressure, timing.busySendsPerSecond);

  const deliver = async (push: Selectable<PushOutboxTable>, device: Device | undefined) => {
    const about = { push_id: push.push_id, subscription_id: push.subscription_id };
    // The subscription went (signed out, 410) while the message waited: nothing to send.
    if (!device) return true;
    const result = await sender.send(device, push.payload, push);
    switch (result.outcome) {
      case 'sent':
        return true;
      case 'gone':
        await deletePushSubscription(db, push.subscription_id);
        log.info({ ...about, status: result.status }, 'push subscription gone; forgotten');
        return false;
      case 'retry': {
        if (push.attempts >= timing.maxAttempts) {
          await giveUp(db, 'push_outbox', push.push_id, result.reason);
          log.warn({ ...about, attempts: push.attempts, reason: result.reason }, 'push given up');
          return false;
        }
        const delay = Math.min(
          Math.max(timing.retryDelayMs(push.attempts), result.retryAfterMs ?? 0),
          timing.maxRetryAfterMs,
        );
        await retryLater(db, 'push_outbox', push.push_id, isoIn(delay), result.reason);
        log.info({ ...about, retry_in_ms: delay, reason: result.reason }, 'push not sent yet');
        return false;
      }
      case 'refused':
        await giveUp(db, 'push_outbox', push.push_id, result.reason);
        log.warn({ ...about, reason: result.reason }, 'push refused; given up');
        return false;
    }
  };

  const drain = async () => {
    const batches = dueBatches(
      { db, dialect, table: 'push_outbox' },
      { leaseMs: timing.leaseMs, size: timing.pushBatch, stopped: () => loop.stopped },
    );
    for await (const batch of batches) {
      const devices = await devicesOf(db, [...new Set(batch.map((p) => p.subscription_id))]);
      const done: number[] = [];
      const waiting = [...batch];
      const sendNext = async () => {
        for (let push = waiting.shift(); push; push = waiting.shift()) {
          await turn();
          if (await deliver(push, devices.get(push.subscription_id))) done.push(push.push_id);
        }
      };
      await Promise.all(Array.from({ length: SENDS_AT_ONCE }, sendNext));
      await finish(db, 'push_outbox', done);
    }
  };

  const loop = createWorkLoop({
    pollMs: timing.pollMs,
    round: drain,
    housekeeping: () => purgeFailed(db, 'push_outbox', isoIn(-timing.keepMs)),
    onError: (error) => log.warn({ err: error }, 'push queue: could not look at the queue'),
  });
  return loop;
}

type Device = { endpoint: string; p256dh: string; auth: string };

async function devicesOf(db: Db, ids: number[]): Promise<Map<number, Device>> {
  const rows = await pushDevices(db, ids);
  return new Map(rows.map((r) => [r.subscription_id, r]));
}
