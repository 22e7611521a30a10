/**
 * The open event streams of this instance, by user. Routes each bus event only to users who
 * may read its data through the API, and ends each stream with its session: at sign-out,
 * expiry, a password change or reset and suspension, and when a newer stream replaces it.
 */
import type { ServerResponse } from 'node:http';
import {
  LIVE_EVENT_TYPES,
  MAX_STREAMS_PER_USER,
  SSE_HEARTBEAT_MS,
  SSE_REPLACED_EVENT,
  SSE_RETRY_MS,
} from '#shared/live.js';
import { SSE_RECENT_EVENT_MS } from '#shared/live-stream.js';
import type { BusEvent, SessionsEnded } from './bus.js';

export interface Stream {
  userId: number;
  /** The session (its token's hash) the stream was opened with... */
  session: string;
  /** ...and when it expires (ms since the epoch): the stream ends then at the latest. */
  expiresAt: number;
  isCourier: boolean;
  onShift: boolean;
  res: ServerResponse;
}

/** How often streams are checked for sessions that expired. */
const EXPIRY_SWEEP_MS = 1_000;
/** How often the times of users' last events are pruned of those no longer recent. */
const RECENT_PRUNE_MS = 60_000;
/** Events whose data a page shows and refetches when it missed one (not courier positions). */
const REFETCHED = new Set<BusEvent['type']>(
  LIVE_EVENT_TYPES.filter((type) => type !== 'courier.position'),
);

export function createHub() {
  /** Each user's streams, oldest first (a Set keeps insertion order). */
  const byUser = new Map<number, Set<Stream>>();
  let nextId = 1;
  let count = 0;
  /**
   * When each user's last event came (every instance hears every event), and the Unassigned
   * pool's: a stream's `ready` says how long ago, so a page whose data is older refetches it.
   */
  const lastEventAt = new Map<number, number>();
  let lastPoolEventAt = -Infinity;

  const forget = (stream: Stream) => {
    const set = byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    count--;
    if (set.size === 0) byUser.delete(stream.userId);
  };

  const end = (stream: Stream, last?: string) => {
    forget(stream);
    if (!stream.res.writableEnded) stream.res.end(last);
  };

  /** Nothing is written to a stream whose session ended: it ends instead. */
  const write = (stream: Stream, chunk: string) => {
    if (stream.expiresAt <= Date.now()) return end(stream);
    if (!stream.res.writableEnded) stream.res.write(chunk);
  };

  const each = (fn: (stream: Stream) => void) => {
    for (const streams of [...byUser.values()]) for (const s of [...streams]) fn(s);
  };

  // An event, not a comment: the browser sees it, and knows the stream is alive.
  const heartbeat = setInterval(
    () => each((s) => write(s, 'event: heartbeat\ndata: {}\n\n')),
    SSE_HEARTBEAT_MS,
  );
  heartbeat.unref();
  const sweep = setInterval(() => {
    const now = Date.now();
    each((s) => s.expiresAt <= now && end(s));
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  const prune = setInterval(() => {
    const old = Date.now() - SSE_RECENT_EVENT_MS;
    for (const [userId, at] of lastEventAt) if (at < old) lastEventAt.delete(userId);
  }, RECENT_PRUNE_MS);
  prune.unref();

  const endSessions = (userIds: number[], which: SessionsEnded) => {
    for (const userId of userIds) {
      for (const s of [...(byUser.get(userId) ?? [])]) {
        if (which.session !== undefined && s.session !== which.session) continue;
        if (which.except != null && s.session === which.except) continue;
        end(s);
      }
    }
  };

  return {
    get size() {
      return count;
    },
    /**
     * How long ago the last event that `userId` heard came (the pool's counts for a courier on
     * shift), or null when none came within SSE_RECENT_EVENT_MS.
     */
    lastEventMsAgo(userId: number, onShiftCourier: boolean): number | null {
      const at = Math.max(
        lastEventAt.get(userId) ?? -Infinity,
        onShiftCourier ? lastPoolEventAt : -Infinity,
      );
      const ago = Date.now() - at;
      return ago <= SSE_RECENT_EVENT_MS ? ago : null;
    },
    /**
     * Adds a stream; the user's oldest one ends (with `replaced`) when they would hold more
     * than MAX_STREAMS_PER_USER. Answers the function that forgets it when its client leaves.
     */
    add(stream: Stream): () => void {
      let set = byUser.get(stream.userId);
      if (!set) byUser.set(stream.userId, (set = new Set()));
      set.add(stream);
      count++;
      for (const oldest of set) {
        if (set.size <= MAX_STREAMS_PER_USER) break;
        end(oldest, `event: ${SSE_REPLACED_EVENT}\ndata: {}\n\n`);
      }
      return () => forget(stream);
    },
    deliver(event: BusEvent) {
      if (event.type === 'session.ended') {
        // A stream outlives no session: the client reconnects, is refused and signs out.
        endSessions(event.to, event.data as SessionsEnded);
        return;
      }
      if (event.type === 'user.updated') {
        // Keep the shift flag of this user's streams current; not forwarded as an event.
        const data = event.data as { is_courier?: number; on_shift?: number };
        for (const userId of event.to) {
          for (const s of byUser.get(userId) ?? []) {
            s.isCourier = data.is_courier === 1;
            s.onShift = data.on_shift === 1;
          }
        }
        return;
      }
      if (REFETCHED.has(event.type)) {
        const now = Date.now();
        for (const userId of event.to) lastEventAt.set(userId, now);
        if (event.couriersOnShift) lastPoolEventAt = now;
      }
      const chunk = `id: ${nextId++}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
      const sent = new Set<Stream>();
      for (const userId of event.to) {
        for (const s of [...(byUser.get(userId) ?? [])]) {
          sent.add(s);
          write(s, chunk);
        }
      }
      if (event.couriersOnShift) {
        each((s) => {
          if (s.isCourier && s.onShift && !sent.has(s)) write(s, chunk);
        });
      }
    },
    /**
     * Ends every stream (shutdown) with a hint to reconnect soon, each after its own pause
     * (1 to 3 s) so the clients of a stopping instance do not all arrive at another one at once.
     */
    closeAll(random = Math.random) {
      clearInterval(heartbeat);
      clearInterval(sweep);
      clearInterval(prune);
      each((s) => end(s, `retry: ${Math.round((SSE_RETRY_MS * (1 + 2 * random())) / 3)}\n\n`));
      byUser.clear();
      count = 0;
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
