/**
 * The courier outbox (docs/decisions/008-courier-outbox.md).
 * Status changes pressed without a network wait in IndexedDB and are replayed in order, by the
 * page and by the service worker, one replayer at a time. This module is the part both share:
 * the entry shape, the names, how an answer is judged and the replay loop itself. Storage,
 * network and lock come in as plain functions so the loop can be tested without a browser.
 */
import { hasPassed, type DeliveryStatus } from './delivery.js';
import type { PhotoBytes } from './photo-data.js';

/**
 * The only status changes that may wait for the network; giving up needs it. Returning an item
 * happens at the pickup spot, often indoors, so it waits too (decision 022).
 */
export const OUTBOX_STATUSES = [
  'Picked Up',
  'Delivered',
  'Returned',
] as const satisfies readonly DeliveryStatus[];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export function isOutboxStatus(status: string): status is OutboxStatus {
  return (OUTBOX_STATUSES as readonly string[]).includes(status);
}

export interface OutboxEntry {
  /** Increasing: the replay order. */
  id: number;
  deliveryId: number;
  /** Whose update it is: only that courier's session replays it. */
  courierId: number;
  status: OutboxStatus;
  /** When it was pressed on the device (ISO 8601); the server keeps it beside its own time. */
  deviceTime: string;
  createdAt: number;
  attempts: number;
  lastError?: string;
  /** What the change carries beyond its status (a drop-off's code and photo, a return's why). */
  details?: OutboxDetails;
}

/**
 * docs/decisions/022-delivery-proof.md: the buyer's code and the photo of a drop-off, the
 * reason and note of a return. The photo's bytes are kept in IndexedDB with the entry (never in
 * the localStorage journal) and sent as a data URL.
 */
export interface OutboxDetails {
  handoverCode?: string;
  photo?: PhotoBytes;
  reason?: string;
  note?: string;
}

export type NewOutboxEntry = Pick<OutboxEntry, 'deliveryId' | 'courierId' | 'status'> & {
  deviceTime?: string;
  details?: OutboxDetails;
};

/** The PUT body's fields for an entry's details, but the photo (sent as a data URL). */
export function detailsBody(details: OutboxDetails | undefined) {
  return {
    ...(details?.handoverCode !== undefined && { handover_code: details.handoverCode }),
    ...(details?.reason !== undefined && { reason: details.reason }),
    ...(details?.note !== undefined && { note: details.note }),
  };
}

/**
 * A drop-off the server refused for its handover code: 422 (missing or wrong) or 429 (locked
 * after too many wrong codes). Sending the same code again cannot help: the entry is dropped and
 * the courier asked for the code again.
 */
export function isHandoverRefusal(entry: OutboxEntry, status: number): boolean {
  return entry.details?.handoverCode !== undefined && (status === 422 || status === 429);
}

export const REASSIGNED_MESSAGE = 'This delivery was reassigned';
export const SIGN_IN_TO_SYNC_MESSAGE = 'Sign in to sync your delivery updates';

/** What one answer of the server means for the entry that was sent. */
export type Verdict = 'applied' | 'auth' | 'conflict' | 'rejected' | 'retry';

export function judgeStatus(status: number): Verdict {
  if (status >= 200 && status < 300) return 'applied';
  if (status === 401) return 'auth';
  // Not yours any more (403) or no longer a legal move (409): the delivery moved on without us.
  if (status === 403 || status === 409) return 'conflict';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'rejected';
}

/** Wait before the next automatic retry after `attempts` failures: 2 s doubling to 5 min. */
export function backoffMs(attempts: number): number {
  return Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}

export interface OutboxStore {
  /** Every entry, oldest first. */
  list(): Promise<OutboxEntry[]>;
  remove(id: number): Promise<void>;
  /** Writes the entry back only if it is still there. */
  update(entry: OutboxEntry): Promise<void>;
}

/** A network failure, or the status and `{message}` of the answer. */
export type Answer = { ok: true; status: number; body: unknown } | { ok: false; error: string };

export interface OutboxTransport {
  /** GET /api/me: who is signed in. */
  me(): Promise<Answer>;
  /** PUT /api/delivery_instruction/{id} with the status and the device time. */
  send(entry: OutboxEntry): Promise<Answer>;
  /** GET /api/delivery_instruction/{id}: to tell "already done" from "taken away". */
  current(deliveryId: number): Promise<Answer>;
}

export interface ReplayDeps {
  store: OutboxStore;
  transport: OutboxTransport;
  /** Runs `task` while holding the one outbox lock (across page and worker). */
  withLock<T>(task: () => Promise<T>): Promise<T>;
}

export interface DroppedEntry {
  entry: OutboxEntry;
  message: string;
  /** The server refused the drop-off's handover code (422 wrong or missing, 429 locked). */
  handoverRefused?: true;
}

export interface ReplayResult {
  applied: OutboxEntry[];
  dropped: DroppedEntry[];
  /** Why the replay stopped: nothing left to send, a sign-in is needed, or the network failed. */
  stopped: 'drained' | 'auth' | 'retry';
  /** Entries still waiting (of every courier) when the replay stopped. */
  remaining: OutboxEntry[];
}

/** What page and worker tell each other on the outbox BroadcastChannel. */
export type OutboxMessage = { type: 'changed' } | { type: 'result'; result: ReplayResult };

function messageOf(answer: Answer): string {
  if (!answer.ok) return answer.error;
  const body = answer.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
    return body.message;
  return `Request failed (${answer.status})`;
}

function userIdOf(body: unknown): number | null {
  if (!body || typeof body !== 'object' || !('user' in body)) return null;
  const user = body.user;
  if (!user || typeof user !== 'object' || !('user_id' in user)) return null;
  return typeof user.user_id === 'number' ? user.user_id : null;
}

/** After a 403/409: did the delivery already reach this status with us as its courier? */
async function alreadyApplied(
  transport: OutboxTransport,
  entry: OutboxEntry,
): Promise<boolean | 'unknown'> {
  const answer = await transport.current(entry.deliveryId);
  if (!answer.ok || judgeStatus(answer.status) === 'retry') return 'unknown';
  if (answer.status !== 200 || !answer.body || typeof answer.body !== 'object') return false;
  const delivery = answer.body as { courier_id?: unknown; delivery_status?: unknown };
  return (
    delivery.courier_id === entry.courierId &&
    hasPassed(delivery.delivery_status as DeliveryStatus, entry.status)
  );
}

/**
 * Sends the signed-in courier's waiting entries strictly in order, one at a time, removing each
 * once the server has it. Stops at the first entry that must wait (network, 5xx, 401) so a later
 * change never overtakes an earlier one. The store is re-read before every send, so a second
 * replayer waiting on the lock finds only what is still left and nothing is sent twice.
 */
export function replayOutbox({ store, transport, withLock }: ReplayDeps): Promise<ReplayResult> {
  return withLock(async () => {
    const result: ReplayResult = { applied: [], dropped: [], stopped: 'drained', remaining: [] };
    const finish = async (stopped: ReplayResult['stopped']) => {
      result.stopped = stopped;
      result.remaining = await store.list();
      return result;
    };
    if ((await store.list()).length === 0) return finish('drained');

    const me = await transport.me();
    if (!me.ok || judgeStatus(me.status) === 'retry') return finish('retry');
    if (me.status === 401) return finish('auth');
    const userId = userIdOf(me.body);
    if (me.status !== 200 || userId === null) return finish('retry');

    for (;;) {
      const entry = (await store.list()).find((e) => e.courierId === userId);
      if (!entry) return finish('drained');
      const answer = await transport.send(entry);
      const handoverRefused = answer.ok && isHandoverRefusal(entry, answer.status);
      let verdict = handoverRefused ? 'rejected' : answer.ok ? judgeStatus(answer.status) : 'retry';
      if (verdict === 'conflict') {
        const done = await alreadyApplied(transport, entry);
        if (done === 'unknown') verdict = 'retry';
        else if (done) verdict = 'applied';
      }
      if (verdict === 'applied') {
        await store.remove(entry.id);
        result.applied.push(entry);
      } else if (verdict === 'auth') {
        return finish('auth');
      } else if (verdict === 'retry') {
        await store.update({
          ...entry,
          attempts: entry.attempts + 1,
          lastError: messageOf(answer),
        });
        return finish('retry');
      } else {
        await store.remove(entry.id);
        result.dropped.push({
          entry,
          message: verdict === 'conflict' ? REASSIGNED_MESSAGE : messageOf(answer),
          ...(handoverRefused && { handoverRefused: true as const }),
        });
      }
    }
  });
}
