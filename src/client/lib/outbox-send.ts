/**
 * A courier's moves (PICKED UP, FINISH DROP OFF with its code and photo, UNABLE TO DELIVER,
 * returning the item with its reason), decided within COURIER_UPDATE_DECIDE_MS of the tap:
 * confirmed by the server, or kept in the outbox ("waiting to sync") when the network is down,
 * slow or failing (5xx), or when earlier changes still wait (so order holds). Each change
 * carries one Idempotency-Key from the tap on, in the direct try and in every replay, so it is
 * made once however often it is sent
 * (docs/decisions/008-courier-outbox.md, 021-lie-fi-and-idempotency-keys.md,
 * 022-delivery-proof.md).
 */
import * as orderPaths from '#shared/api-paths/deliveries.js';
import { COURIER_UPDATE_DECIDE_MS } from '#shared/deadlines.js';
import {
  outboxBody,
  type OutboxDetails,
  type OutboxEntry,
  type OutboxStatus,
} from '#shared/outbox.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { ApiError, api, isNetworkError } from './api';
import { enqueueStatusUpdate, getOutboxState } from './outbox';
import { journalAdd, journalForget, readJournal, type PressedStatus } from './outbox-journal';
import { statusEntriesOf } from './outbox-hooks';
import { keepOfflineData } from './persistent-storage';
import { idempotencyHeaders, newIdempotencyKey } from './idempotency-key';

export type StatusUpdateOutcome =
  { queued: false; delivery: DeliveryInstruction } | { queued: true; entry: OutboxEntry };

/** Moves are decided one after the other, so a later one never overtakes an earlier one. */
let decided: Promise<unknown> = Promise.resolve();

export function sendStatusUpdate(input: {
  deliveryId: number;
  courierId: number;
  status: OutboxStatus;
  /** When the button was pressed (ISO 8601); now if not given. */
  deviceTime?: string;
  /** A drop-off's code and photo, a return's reason and note (decision 022). */
  details?: OutboxDetails;
}): Promise<StatusUpdateOutcome> {
  const pressedAt = Date.now();
  const change: PressedStatus & { key: string } = {
    deliveryId: input.deliveryId,
    courierId: input.courierId,
    status: input.status,
    deviceTime: input.deviceTime ?? new Date(pressedAt).toISOString(),
    key: newIdempotencyKey(),
    createdAt: pressedAt,
    ...(input.details && { details: input.details }),
  };
  // The outbox's first update: from now on, storage the browser clears could lose a delivery's
  // step, so ask it to keep the site's data (on the tap itself, where Firefox asks the person).
  if (getOutboxState().entries.length === 0 && readJournal().length === 0) void keepOfflineData();
  // Kept from the press on: if the page is left or frozen before the server or the outbox has
  // it, the next start finds it (outbox-journal.ts).
  journalAdd(change);
  const outcome = decided.then(() => decide(change));
  decided = outcome.catch(() => undefined);
  return outcome;
}

async function decide(change: PressedStatus & { key: string }): Promise<StatusUpdateOutcome> {
  const queue = () =>
    enqueueStatusUpdate(change).then((entry) => ({ queued: true as const, entry }));
  const waiting = statusEntriesOf(getOutboxState().entries, change.courierId).length > 0;
  const left = change.createdAt + COURIER_UPDATE_DECIDE_MS - Date.now();
  if (waiting || !navigator.onLine || left <= 0) return queue();
  // Past the moment to decide, the outbox takes over with the same key: it frees the
  // connection, and if the server had it already, the replay gets its first answer.
  const decideBy = new AbortController();
  const timer = setTimeout(() => decideBy.abort(), left);
  try {
    const delivery = await api<DeliveryInstruction>(orderPaths.delivery(change.deliveryId), {
      method: 'PUT',
      body: outboxBody(change),
      headers: idempotencyHeaders(change.key),
      signal: decideBy.signal,
    });
    journalForget(change);
    return { queued: false, delivery };
  } catch (error) {
    if (
      decideBy.signal.aborted ||
      isNetworkError(error) ||
      (error instanceof ApiError && error.status >= 500)
    )
      return queue();
    journalForget(change);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
