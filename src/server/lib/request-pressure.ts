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
}

/** Judges a sample: exported for its test. */
export function isBusy(utilization: number, answersPerSecond: number): boolean {
  return utilization > OCCUPIED && answersPerSecond >= ANSWERING_PER_SECOND;
}

export function trackRequestPressure(app: FastifyInstance): RequestPressure {
  let answers = 0;
  let busy = false;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let lastAt = performance.now();
  // Event streams answer once, at their start: they count like any other request.
  app.addHook('onResponse', async () => {
    answers++;
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
  return { busy: () => busy };
}

/**
 * Turns for a piece of background work each: the next at once (in a turn of the event loop of
 * its own) while the server is not busy, else at most `perSecond` a second, however many ask.
 */
export function givingWay(
  pressure: RequestPressure | undefined,
  perSecond: number,
): () => Promise<void> {
  let nextBusyTurnAt = 0;
  return () => {
    if (!pressure?.busy()) return new Promise((resolve) => setImmediate(resolve));
    const now = Date.now();
    const at = Math.max(now, nextBusyTurnAt);
    nextBusyTurnAt = at + 1000 / perSecond;
    return new Promise((resolve) => setTimeout(resolve, at - now));
  };
}
