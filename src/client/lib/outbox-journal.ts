/**
 * The courier's status changes (and chat messages and sale steps waiting to be sent) from the press until IndexedDB has committed them, kept in
 * localStorage: it is written at once, before the page can be frozen, closed or left, and it
 * does not wait on a database that stopped answering. The outbox moves them into IndexedDB in
 * the order they were pressed (outbox.ts); it never keeps the same change twice.
 */
import { OUTBOX } from '#shared/outbox-names.js';
import {
  isStatusEntry,
  sameChange,
  type NewMessageEntry,
  type NewOutboxEntry,
  type NewSaleEntry,
  type NewStatusEntry,
  type OutboxEntry,
} from '#shared/outbox.js';

/** When it was pressed: the device's time (ISO 8601) and the journal's clock. */
type Pressed = { deviceTime: string; createdAt: number };

/**
 * A change as the journal keeps it: its Idempotency-Key (none in status changes kept by older
 * versions) and its details without the photo (it stays in memory).
 */
export type PressedStatus = NewStatusEntry & Pressed;
export type PressedMessage = NewMessageEntry & Pressed;
export type PressedSale = NewSaleEntry & Pressed;
export type PressedChange = PressedStatus | PressedMessage | PressedSale;

const same = (a: PressedChange, b: PressedChange) =>
  a.createdAt === b.createdAt && sameChange(a, b);

export function readJournal(): PressedChange[] {
  try {
    const saved = JSON.parse(localStorage.getItem(OUTBOX.journal) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as PressedChange[]) : [];
  } catch {
    return [];
  }
}

function write(changes: PressedChange[]) {
  if (changes.length) localStorage.setItem(OUTBOX.journal, JSON.stringify(changes));
  else localStorage.removeItem(OUTBOX.journal);
}

/** Keeps a pressed change; the same change already kept is not kept twice. */
export function journalAdd(change: PressedChange): void {
  const kept = readJournal();
  if (kept.some((c) => sameChange(c, change))) return;
  if (!isStatusEntry(change) || !change.details) return write([...kept, change]);
  const { photo: _inMemory, ...details } = change.details;
  write([...kept, { ...change, details }]);
}

/**
 * Changes this page is sending itself at this moment (outbox-once.ts): their answer is on its
 * way, so the outbox leaves them in the journal rather than queue a second copy behind them. A
 * page closed before the answer leaves them unmarked, and its next start queues them.
 */
const sending: PressedChange[] = [];

export function markSending(change: PressedChange, on: boolean): void {
  const at = sending.indexOf(change);
  if (on && at < 0) sending.push(change);
  if (!on && at >= 0) sending.splice(at, 1);
}

/** Whether this page is sending `change` itself right now. */
export function isBeingSent(change: PressedChange): boolean {
  return sending.some((c) => sameChange(c, change));
}

export function journalRemove(change: PressedChange): void {
  write(readJournal().filter((c) => !same(c, change)));
}

/** Forgets a change the server has taken (or refused) directly. */
export function journalForget(change: NewOutboxEntry): void {
  write(readJournal().filter((c) => !sameChange(c, change)));
}

/** How a change still in the journal shows among the waiting entries. */
export function asWaitingEntry(change: PressedChange): OutboxEntry {
  return { ...change, id: change.createdAt, attempts: 0 } as OutboxEntry;
}

/**
 * The stored entries plus the journal's changes not stored yet, oldest first. A change this page
 * is sending itself is not waiting: its box says "Sending…" until the answer or the queue.
 */
export function withJournal(stored: OutboxEntry[]): OutboxEntry[] {
  const extra = readJournal()
    .filter((c) => !stored.some((e) => sameChange(e, c)) && !isBeingSent(c))
    .map(asWaitingEntry);
  return [...stored, ...extra];
}
