/**
 * Whether the server is busy answering people, for background work that should give way to
 * them (a fan-out of push messages to a thousand devices). Busy means both: the event loop was
 * mostly occupied over the last moment, and requests were being answered meanwhile. A loop kept
 * busy by the background work alone is not busy in this sense, so a fan-out on a quiet server
 * still goes at full speed.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/** How often the loop's utilization and the answers are looked at. */
const SAMPLE_MS = 250;
/** Above this share of the last sample the event loop counts as occupied. */
const OCCUPIED = 0.75;
/** Answers per second from which the occupation is the people's. */
const ANSWERING_PER_SECOND = 50;

export interface RequestPressure {
  busy(): boolean;
  /** Requests answered since the start: how many came between two moments. */
  answered(): number;
}

/** Judges a sample: exported for its test. */
export function isBusy(utilization: number, answersPerSecond: number): boolean {
  return utilization > OCCUPIED && answersPerSecond >= ANSWERING_PER_SECOND;
}

export function trackRequestPressure(app: FastifyInstance): RequestPressure {
  let answers = 0;
  let answered = 0;
  let busy = false;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let lastAt = performance.now();
  // Event streams answer once, at their start: they count like any other request.
  app.addHook('onResponse', async () => {
    answers++;
    answered++;
  });
  const timer = setInterval(() => {
    const now = performance.now();
    const since = performance.eventLoopUtilization(last);
    busy = isBusy(since.utilization, (answers * 1000) / (now - lastAt));
    last = performance.eventLoopUtilization();
    lastAt = now;
    answers = 0;
  }, SAMPLE_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return { busy: () => busy, answered: () => answered };
}

/**
 * A turn that waited longer than this while this many requests were answered finds the server
 * busy at once. The answers tell a burst of requests from the background work's own (a
 * fan-out's encryption and its push service's answers hold the loop up too).
 */
const HELD_UP_MS = 10;
const HELD_UP_ANSWERS = 8;

/**
 * Turns for a piece of background work each: the next at once (in a turn of the event loop of
 * its own) while the server is not busy, else at most `perSecond` a second, however many ask.
 * Besides the sampled pressure, a turn that came late while requests were being answered (a
 * burst that arrived together) paces the turns after it for a sample's length: the burst need
 * not wait for the next sample to be left alone.
 */
export function givingWay(
  pressure: RequestPressure | undefined,
  perSecond: number,
): () => Promise<void> {
  let nextBusyTurnAt = 0;
  let heldUpUntil = 0;
  return async () => {
    if (!pressure?.busy() && performance.now() >= heldUpUntil) {
      const asked = performance.now();
      const answeredBefore = pressure?.answered() ?? 0;
      await new Promise((resolve) => setImmediate(resolve));
      const came = performance.now();
      const answers = (pressure?.answered() ?? 0) - answeredBefore;
      if (came - asked > HELD_UP_MS && answers >= HELD_UP_ANSWERS) heldUpUntil = came + SAMPLE_MS;
      return;
    }
    const now = Date.now();
    const at = Math.max(now, nextBusyTurnAt);
    nextBusyTurnAt = at + 1000 / perSecond;
    await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}
