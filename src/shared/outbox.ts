/**
 * The courier outbox (docs/decisions/008-courier-outbox.md).
 * Status changes pressed without a network wait in IndexedDB and are replayed in order, by the
 * page and by the service worker, one replayer at a time. This module is the part both share:
 * the entry shape, the names, how an answer is judged and the replay loop itself. Storage,
 * network and lock come in as plain functions so the loop can be tested without a browser.
 */
import { hasPassed, type DeliveryStatus } from './delivery.js';
import { photoDataUrl, type PhotoBytes } from './photo-data.js';

/**
 * The courier's own moves, which may wait for the network: PICKED UP, FINISH DROP OFF,
 * UNABLE TO DELIVER (giving up) and returning the item, which happens at the pickup spot, often
 * indoors (decision 022). Claiming stays online: two couriers race for it.
 */
export const OUTBOX_STATUSES = [
  'Picked Up',
  'Delivered',
  'Unassigned',
  'Returned',
] as const satisfies readonly DeliveryStatus[];
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export function isOutboxStatus(status: string): status is OutboxStatus {
  return (OUTBOX_STATUSES as readonly string[]).includes(status);
}

/** What every waiting entry has, whatever it carries. */
interface Waiting {
  /** Increasing: the replay order. */
  id: number;
  createdAt: number;
  attempts: number;
  lastError?: string;
}

/** A courier's status change (entries kept by older versions have no `kind`). */
export interface StatusEntry extends Waiting {
  kind?: 'status';
  deliveryId: number;
  /** Whose update it is: only that courier's session replays it. */
  courierId: number;
  status: OutboxStatus;
  /** When it was pressed on the device (ISO 8601); the server keeps it beside its own time. */
  deviceTime: string;
  /**
   * The Idempotency-Key of the change, the same on every try (none in entries kept by older
   * versions): a replay after a lost answer gets that answer.
   */
  key?: string;
  /** What the change carries beyond its status (a drop-off's code and photo, a return's why). */
  details?: OutboxDetails;
}

/** A person's own entry (a message, a sale step), apart from a courier's status change. */
interface PersonEntry extends Waiting {
  /** When Send (or the step's button) was pressed (ISO 8601). */
  deviceTime: string;
  /** Its Idempotency-Key, the same on every try. */
  key: string;
  // None of a status change's fields: code reading any entry finds them undefined.
  deliveryId?: undefined;
  courierId?: undefined;
  status?: undefined;
  details?: undefined;
}

/**
 * A chat message written offline or whose send failed on the network
 * (docs/decisions/028-messages-in-the-outbox.md). Its `client_id` is also its Idempotency-Key:
 * the server stores it once however often it is sent.
 */
export interface MessageEntry extends PersonEntry {
  kind: 'message';
  /** Who wrote it: only that person's session sends it. */
  senderId: number;
  message: OutboxChatMessage;
}

export interface OutboxChatMessage {
  receiver_id: number;
  listing_id: number;
  content: string;
  client_id: string;
}

/**
 * A step of a sale made offline or on a network that failed (docs/decisions/031-sales-in-the-outbox.md):
 * an offer, an answer to one, a hold or a change of it. Sent as it was made, with its
 * Idempotency-Key, by that person's session only; the server takes it once.
 */
export interface SaleEntry extends PersonEntry {
  kind: 'sale';
  /** Who made it: only that person's session sends it. */
  userId: number;
  request: SaleRequest;
}

/** The call a sale step makes: one of the sales paths (SALE_OUTBOX_PATH), its method and body. */
export interface SaleRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: Record<string, unknown>;
  /** The listing it is about: its screens show the step as waiting. */
  listingId: number;
  /** The offer it answers (an answer to an offer): its card shows the answer as waiting. */
  offerId?: number;
  /** What it is, in the product's words ("your offer of $30.00"): for the notice if refused. */
  label: string;
}

/** The paths a sale step may call: offers, holds and meetings (src/shared/api-paths/sales.ts). */
export const SALE_OUTBOX_PATH = /^\/api\/(?:offers|holds|meetings)(?:\/\d+)?$/;

export type OutboxEntry = StatusEntry | MessageEntry | SaleEntry;

export function isMessageEntry<E extends { kind?: string }>(
  entry: E,
): entry is Extract<E, { kind: 'message' }> {
  return entry.kind === 'message';
}

export function isSaleEntry<E extends { kind?: string }>(
  entry: E,
): entry is Extract<E, { kind: 'sale' }> {
  return entry.kind === 'sale';
}

/** A courier's status change (entries kept by older versions have no `kind`). */
export function isStatusEntry<E extends { kind?: string }>(
  entry: E,
): entry is Exclude<E, { kind: 'message' | 'sale' }> {
  return entry.kind === undefined || entry.kind === 'status';
}

/** Whose entry it is: only that person's session sends it. */
export function ownerOf(entry: NewOutboxEntry): number {
  if (isMessageEntry(entry)) return entry.senderId;
  if (isSaleEntry(entry)) return entry.userId;
  return entry.courierId;
}

/**
 * The same thing pressed twice: a status change to the same status of the same delivery by the
 * same courier, or the same message or sale step (its key).
 */
export function sameChange(a: NewOutboxEntry, b: NewOutboxEntry): boolean {
  if (isMessageEntry(a) || isMessageEntry(b))
    return isMessageEntry(a) && isMessageEntry(b) && a.key === b.key;
  if (isSaleEntry(a) || isSaleEntry(b)) return isSaleEntry(a) && isSaleEntry(b) && a.key === b.key;
  return a.deliveryId === b.deliveryId && a.courierId === b.courierId && a.status === b.status;
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

export type NewStatusEntry = Pick<StatusEntry, 'kind' | 'deliveryId' | 'courierId' | 'status'> & {
  deviceTime?: string;
  key?: string;
  details?: OutboxDetails;
};
export type NewMessageEntry = Pick<MessageEntry, 'kind' | 'senderId' | 'message' | 'key'> & {
  deviceTime?: string;
};
export type NewSaleEntry = Pick<SaleEntry, 'kind' | 'userId' | 'request' | 'key'> & {
  deviceTime?: string;
};
export type NewOutboxEntry = NewStatusEntry | NewMessageEntry | NewSaleEntry;

/**
 * The PUT body of an entry, the same on every try (so a replay matches its Idempotency-Key):
 * giving up also clears the courier; a drop-off carries its code and photo (as a data URL), a
 * return its reason and note.
 */
export function outboxBody(entry: Pick<StatusEntry, 'status' | 'deviceTime' | 'details'>) {
  const { status, deviceTime, details } = entry;
  return {
    delivery_status: status,
    ...(status === 'Unassigned' && { courier_id: null }),
    device_time: deviceTime,
    ...(details?.handoverCode !== undefined && { handover_code: details.handoverCode }),
    ...(details?.reason !== undefined && { reason: details.reason }),
    ...(details?.note !== undefined && { note: details.note }),
    ...(details?.photo && { proof_photo: photoDataUrl(details.photo) }),
  };
}

/**
 * A drop-off the server refused for its handover code: 422 (missing or wrong) or 429 (locked
 * after too many wrong codes). Sending the same code again cannot help: the entry is dropped and
 * the courier asked for the code again.
 */
export function isHandoverRefusal(entry: OutboxEntry, status: number): boolean {
  return (
    isStatusEntry(entry) &&
    entry.details?.handoverCode !== undefined &&
    (status === 422 || status === 429)
  );
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

/** The POST body of a waiting message, the same on every try. */
export function messageBody(entry: Pick<MessageEntry, 'senderId' | 'message'>) {
  return { sender_id: entry.senderId, ...entry.message };
}

/** A network failure, or the status and `{message}` of the answer. */
export type Answer = { ok: true; status: number; body: unknown } | { ok: false; error: string };

export interface OutboxTransport {
  /** GET /api/me: who is signed in. */
  me(): Promise<Answer>;
  /**
   * PUT /api/delivery_instruction/{id} with the status and the device time; for a message,
   * POST /api/direct_message; for a sale step, its own call.
   */
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
  /** The server's answers to the messages sent (the stored `DirectMessage`s), in order. */
  delivered: unknown[];
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

/** The `code` of an error answer, if it has one. */
function codeOf(answer: Answer): unknown {
  return answer.ok && answer.body && typeof answer.body === 'object' && 'code' in answer.body
    ? answer.body.code
    : undefined;
}

function userIdOf(body: unknown): number | null {
  if (!body || typeof body !== 'object' || !('user' in body)) return null;
  const user = body.user;
  if (!user || typeof user !== 'object' || !('user_id' in user)) return null;
  return typeof user.user_id === 'number' ? user.user_id : null;
}

/**
 * After a 403/409: did the delivery already reach this status with us as its courier (for a
 * give-up: is it out of our hands)? A give-up refused while we still hold the delivery (it was
 * picked up) is not "reassigned": the server's own message says why.
 */
async function alreadyApplied(
  transport: OutboxTransport,
  entry: StatusEntry,
): Promise<boolean | 'unknown' | 'still-ours'> {
  const answer = await transport.current(entry.deliveryId);
  if (!answer.ok || judgeStatus(answer.status) === 'retry') return 'unknown';
  // No longer readable (403): certainly not ours any more, which is what a give-up wanted.
  if (answer.status !== 200 || !answer.body || typeof answer.body !== 'object')
    return entry.status === 'Unassigned' && answer.status === 403;
  const delivery = answer.body as { courier_id?: unknown; delivery_status?: unknown };
  const ours = delivery.courier_id === entry.courierId;
  if (entry.status === 'Unassigned') return ours ? 'still-ours' : true;
  return ours && hasPassed(delivery.delivery_status as DeliveryStatus, entry.status);
}

/**
 * Sends the signed-in courier's waiting entries strictly in order, one at a time, removing each
 * once the server has it. Stops at the first entry that must wait (network, 5xx, 401) so a later
 * change never overtakes an earlier one. The store is re-read before every send, so a second
 * replayer waiting on the lock finds only what is still left and nothing is sent twice.
 */
export function replayOutbox({ store, transport, withLock }: ReplayDeps): Promise<ReplayResult> {
  return withLock(async () => {
    const result: ReplayResult = {
      applied: [],
      delivered: [],
      dropped: [],
      stopped: 'drained',
      remaining: [],
    };
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
      const entry = (await store.list()).find((e) => ownerOf(e) === userId);
      if (!entry) return finish('drained');
      const answer = await transport.send(entry);
      const handoverRefused = answer.ok && isHandoverRefusal(entry, answer.status);
      let verdict = handoverRefused ? 'rejected' : answer.ok ? judgeStatus(answer.status) : 'retry';
      let refusedAsOurs = false;
      // A message refused (blocked: 403; the receiver left: 409) is refused for its own reason,
      // and so is a sale step (the offer moved on, the item went on hold), unless its first
      // try is still running on the server: then its answer comes with the next try.
      if (
        verdict === 'conflict' &&
        isSaleEntry(entry) &&
        codeOf(answer) === 'idempotency_in_progress'
      )
        verdict = 'retry';
      if (verdict === 'conflict' && !isStatusEntry(entry)) verdict = 'rejected';
      if (verdict === 'conflict' && isStatusEntry(entry)) {
        const done = await alreadyApplied(transport, entry);
        if (done === 'unknown') verdict = 'retry';
        else if (done === 'still-ours') refusedAsOurs = true;
        else if (done) verdict = 'applied';
      }
      if (verdict === 'applied') {
        await store.remove(entry.id);
        result.applied.push(entry);
        if (isMessageEntry(entry) && answer.ok) result.delivered.push(answer.body);
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
          message:
            verdict === 'conflict' && !refusedAsOurs ? REASSIGNED_MESSAGE : messageOf(answer),
          ...(handoverRefused && { handoverRefused: true as const }),
        });
      }
    }
  });
}
