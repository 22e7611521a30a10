/**
 * The sales clock: what time decides in a sale, done even when nobody calls (every instance
 * runs one; each step is one conditional write, so of several instances one does it). Each
 * round stores lapsed offers and holds and tells those who keep the listing that it is back,
 * ends meetings whose hold, item or time is gone, and reminds both sides of an agreed meeting
 * MEETING_REMINDER_MINUTES before it, once.
 */
import type { FastifyInstance } from 'fastify';
import { createWorkLoop, type WorkLoop } from '#server/lib/work-loop.js';
import { claimReminders } from './meetings-repository.js';
import { settleSales, tellMeeting } from './settle.js';

export interface SalesClockTiming {
  /** How often a round runs (the reminder's precision). */
  pollMs: number;
}

export const DEFAULT_SALES_CLOCK: SalesClockTiming = { pollMs: 30_000 };

/** One round of the clock; tests call it to move time along at once. */
export async function salesClockRound(app: FastifyInstance): Promise<void> {
  await settleSales(app);
  for (const meetingId of await claimReminders(app.db)) {
    // Time is the actor: both sides hear.
    await tellMeeting(app, meetingId, 'reminder', 0);
  }
}

/** Starts with the server (once it is ready) and stops with it, waiting for the round in hand. */
export function registerSalesClock(
  app: FastifyInstance,
  timing: Partial<SalesClockTiming> = {},
): WorkLoop {
  const { pollMs } = { ...DEFAULT_SALES_CLOCK, ...timing };
  const log = app.log.child({ component: 'sales-clock' });
  const loop = createWorkLoop({
    pollMs,
    round: () => salesClockRound(app),
    onError: (error) => log.warn({ err: error }, 'sales clock: could not look at the time'),
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('onClose', async () => loop.stop());
  return loop;
}
