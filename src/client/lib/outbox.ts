/**
 * The page side of the outbox (docs/decisions/008-courier-outbox.md, 028-messages-in-the-outbox.md):
 * queue a courier's status change, a chat message or a step of a sale, replay the queue on start, on `online`, after sign-in and on a backoff timer, ask the
 * service worker for Background Sync, and keep a snapshot React can read (see outbox-hooks.ts).
 */
import { OUTBOX } from '#shared/outbox-names.js';
import {
  backoffMs,
  isMessageEntry,
  isSaleEntry,
  isStatusEntry,
  replayOutbox,
  sameChange,
  type NewMessageEntry,
  type NewOutboxEntry,
  type NewSaleEntry,
  type NewStatusEntry,
  type OutboxEntry,
  type OutboxMessage,
  type ReplayResult,
} from '#shared/outbox.js';
import { httpTransport, withOutboxLock } from '#shared/outbox-http.js';
import type { PhotoBytes } from '#shared/photo-data.js';
import { idbOutboxStore } from '#shared/outbox-store.js';
import { isNetworkError } from './api';
import { onConnectionBack, reportAnswer, reportNoAnswer } from './connection';
import { rememberRejection } from './handover-rejections';
import {
  isBeingSent,
  journalAdd,
  journalRemove,
  readJournal,
  withJournal,
  type PressedChange,
} from './outbox-journal';
import { pageIdbStore } from './page-idb-store';

export type OutboxNotice =
  | { kind: 'synced'; count: number; at: number }
  | { kind: 'dropped'; message: string; deliveryId: number; at: number }
  /** A waiting chat message the server refused (blocked, too long...): its words and why. */
  | { kind: 'message-dropped'; message: string; content: string; at: number }
  /** A waiting sale step the server refused (the offer moved on, the item went on hold...). */
  | { kind: 'sale-dropped'; message: string; label: string; at: number }
  | { kind: 'sign-in'; at: number };

export interface OutboxState {
  /** Every waiting entry (of any courier), oldest first. */
  entries: OutboxEntry[];
  notice: OutboxNotice | null;
  syncing: boolean;
}

let state: OutboxState = { entries: [], notice: null, syncing: false };
const listeners = new Set<() => void>();
const resultListeners = new Set<(result: ReplayResult) => void>();
let store: ReturnType<typeof idbOutboxStore> | null = null;
let channel: BroadcastChannel | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function outboxStore() {
  return (store ??= idbOutboxStore(pageIdbStore(OUTBOX.db, OUTBOX.store).use));
}

function setState(patch: Partial<OutboxState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getOutboxState(): OutboxState {
  return state;
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after every replay, here or in another tab or the worker (e.g. to refetch). */
export function onOutboxResult(listener: (result: ReplayResult) => void): () => void {
  resultListeners.add(listener);
  return () => resultListeners.delete(listener);
}

export function dismissOutboxNotice(): void {
  setState({ notice: null });
}

export async function refreshOutbox(): Promise<void> {
  let stored: OutboxEntry[];
  try {
    stored = await outboxStore().list();
  } catch (error) {
    // IndexedDB not answering: what the journal holds still shows as waiting.
    setState({ entries: withJournal(state.entries) });
    throw error;
  }
  setState({ entries: withJournal(stored) });
}

let moving: Promise<unknown> = Promise.resolve();

/**
 * Photos of drop-offs pressed in this page, until their change is in IndexedDB: the journal
 * (localStorage) keeps no photo. A page closed before that loses the photo, not the drop-off.
 */
const photos = new Map<string, PhotoBytes>();
const photoKey = (c: NewStatusEntry) => `${c.courierId}:${c.deliveryId}:${c.status}`;

function withPhoto(change: PressedChange): PressedChange {
  if (!isStatusEntry(change)) return change;
  const photo = photos.get(photoKey(change));
  return photo ? { ...change, details: { ...change.details, photo } } : change;
}

/**
 * Moves the journal's changes into IndexedDB, oldest first, one mover at a time. Stops at the
 * first that cannot be written (they stay in the journal, in order, for the next try).
 */
function moveJournal(): Promise<void> {
  const run = moving.then(async () => {
    for (const change of readJournal()) {
      // Its page is sending it and waits for the answer: not a change left behind.
      if (isBeingSent(change)) continue;
      await outboxStore().add(withPhoto(change), change.createdAt);
      journalRemove(change);
      if (isStatusEntry(change)) photos.delete(photoKey(change));
    }
  });
  moving = run.catch(() => undefined);
  return run;
}

/** The replay's fetch: what it learns about the network counts like any request's. */
const watchedFetch = (input: string, init?: RequestInit) =>
  fetch(input, init).then(
    (response) => {
      reportAnswer();
      return response;
    },
    (error: unknown) => {
      if (isNetworkError(error)) reportNoAnswer();
      throw error;
    },
  );

function post(message: OutboxMessage) {
  channel?.postMessage(message);
}

function scheduleRetry(entries: OutboxEntry[]) {
  clearTimeout(retryTimer);
  const attempts = Math.max(1, ...entries.map((e) => e.attempts));
  retryTimer = setTimeout(() => void replayNow(), backoffMs(attempts));
}

/** What a finished replay means for this page, wherever it ran. */
function absorb(result: ReplayResult) {
  const now = Date.now();
  // A drop-off refused for its code: the delivery screen asks for the code again.
  for (const { entry, message, handoverRefused } of result.dropped) {
    if (handoverRefused && isStatusEntry(entry))
      rememberRejection({
        courierId: entry.courierId,
        deliveryId: entry.deliveryId,
        message,
        at: now,
      });
  }
  const dropped = result.dropped.at(-1);
  let notice = state.notice;
  // Messages sent show in their conversation, sale steps on their cards; the courier hears of
  // their updates.
  const synced = result.applied.filter((e) => isStatusEntry(e)).length;
  if (dropped) {
    const { entry, message } = dropped;
    notice = isMessageEntry(entry)
      ? { kind: 'message-dropped', message, content: entry.message.content, at: now }
      : isSaleEntry(entry)
        ? { kind: 'sale-dropped', message, label: entry.request.label, at: now }
        : { kind: 'dropped', message, deliveryId: entry.deliveryId, at: now };
  } else if (result.stopped === 'auth') {
    notice = { kind: 'sign-in', at: now };
  } else if (result.stopped === 'drained' && synced > 0) {
    notice = { kind: 'synced', count: synced, at: now };
  } else if (result.stopped === 'drained' && notice?.kind === 'sign-in') {
    notice = null;
  }
  setState({ entries: result.remaining, notice });
  for (const listener of resultListeners) listener(result);
}

/** Replays the queue now (one replayer at a time across tabs and the worker). */
export async function replayNow(): Promise<ReplayResult | null> {
  clearTimeout(retryTimer);
  setState({ syncing: true });
  try {
    await moveJournal();
    const result = await replayOutbox({
      store: outboxStore(),
      transport: httpTransport(watchedFetch),
      withLock: (task) => withOutboxLock(OUTBOX.lock, task),
    });
    absorb(result);
    if (result.applied.length || result.dropped.length || result.stopped === 'auth')
      post({ type: 'result', result });
    if (result.stopped === 'retry') scheduleRetry(result.remaining);
    return result;
  } catch {
    // IndexedDB unavailable or closing: try again later rather than lose anything.
    scheduleRetry(state.entries);
    return null;
  } finally {
    setState({ syncing: false });
  }
}

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the service worker to replay when the browser is back online (Chromium). */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      SyncCapableRegistration | undefined;
    await registration?.sync?.register(OUTBOX.syncTag);
  } catch {
    // No Background Sync here (Safari, Firefox): `online` and start-up replays cover it.
  }
}

/**
 * Keeps a change until the server has it. Shown at once as waiting. Replays right away when the
 * browser believes it is online.
 */
async function enqueue(input: NewOutboxEntry): Promise<OutboxEntry> {
  const now = Date.now();
  const pressed = { ...input, deviceTime: input.deviceTime ?? new Date(now).toISOString() };
  if (isStatusEntry(input) && input.details?.photo)
    photos.set(photoKey(input), input.details.photo);
  journalAdd({ ...pressed, createdAt: now });
  await moveJournal().catch(() => undefined);
  await refreshOutbox().catch(() => undefined);
  const entry = state.entries.findLast((e) => sameChange(e, input))!;
  post({ type: 'changed' });
  await requestBackgroundSync();
  if (navigator.onLine) void replayNow();
  return entry;
}

/** A courier's status change, "waiting to sync" until the server has it. */
export const enqueueStatusUpdate = (input: NewStatusEntry): Promise<OutboxEntry> => enqueue(input);

/** A chat message, "waiting to send" until the server has it (outbox-message.ts). */
export const enqueueMessage = (input: NewMessageEntry): Promise<OutboxEntry> => enqueue(input);

/** A step of a sale, "waiting to send" until the server has it (outbox-sale.ts). */
export const enqueueSale = (input: NewSaleEntry): Promise<OutboxEntry> => enqueue(input);

/**
 * Starts the replay triggers of this page: now, on `online`, when the network answers again
 * after trouble (campus Wi-Fi never says `offline`), and on news from elsewhere.
 */
export function startOutbox(): () => void {
  const onOnline = () => void replayNow();
  window.addEventListener('online', onOnline);
  const stopBack = onConnectionBack(() => {
    if (state.entries.length) void replayNow();
  });
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(OUTBOX.channel);
    channel.onmessage = (event: MessageEvent<OutboxMessage>) => {
      if (event.data?.type === 'result') absorb(event.data.result);
      else void refreshOutbox().catch(() => undefined);
    };
  }
  void refreshOutbox()
    .then(() => (navigator.onLine && state.entries.length ? replayNow() : null))
    .catch(() => undefined);
  return () => {
    window.removeEventListener('online', onOnline);
    stopBack();
    clearTimeout(retryTimer);
    channel?.close();
    channel = null;
  };
}
