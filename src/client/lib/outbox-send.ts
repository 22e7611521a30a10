import type { DeliveryStatus } from '#shared/delivery.js';
import { API } from '#shared/api-paths.js';
import {
  detailsBody,
  isOutboxStatus,
  type OutboxDetails,
  type OutboxEntry,
} from '#shared/outbox.js';
import { photoDataUrl } from '#shared/photo-data.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { ApiError, api, isNetworkError } from './api';
import { enqueueStatusUpdate, getOutboxState } from './outbox';
import { journalAdd, journalForget, readJournal } from './outbox-journal';
import { keepOfflineData } from './persistent-storage';

/** A status change should reach the server quickly or wait in the outbox. */
const SEND_TIMEOUT_MS = 10_000;

export const NEEDS_NETWORK_MESSAGE =
  'You are offline. This needs a connection; try again when you are back online.';

/** UNABLE TO DELIVER hands the delivery to another courier at once: it cannot wait offline. */
export const GIVE_UP_OFFLINE_MESSAGE =
  'You are offline. Giving up a delivery needs a connection: try again when you are back online.';

export type StatusUpdateOutcome =
  { queued: false; delivery: DeliveryInstruction } | { queued: true; entry: OutboxEntry };

/**
 * Sends PICKED UP / FINISH DROP OFF now, or keeps it in the outbox when the network is down,
 * slow or failing (5xx), or when earlier changes are still waiting (so order holds). Other
 * statuses (claiming, giving up) need the network: they throw as usual.
 */
export async function sendStatusUpdate(input: {
  deliveryId: number;
  courierId: number;
  status: DeliveryStatus;
  /** When the button was pressed (ISO 8601); now if not given. */
  deviceTime?: string;
  /** A drop-off's code and photo, a return's reason and note (decision 022). */
  details?: OutboxDetails;
}): Promise<StatusUpdateOutcome> {
  const { deliveryId, courierId, status, details } = input;
  const deviceTime = input.deviceTime ?? new Date().toISOString();
  if (!isOutboxStatus(status)) {
    if (!navigator.onLine) throw new Error(NEEDS_NETWORK_MESSAGE);
    try {
      const delivery = await api<DeliveryInstruction>(API.delivery(deliveryId), {
        method: 'PUT',
        body: { delivery_status: status },
        timeoutMs: SEND_TIMEOUT_MS,
      });
      return { queued: false, delivery };
    } catch (error) {
      throw isNetworkError(error) ? new Error(NEEDS_NETWORK_MESSAGE) : error;
    }
  }
  const change = { deliveryId, courierId, status, deviceTime, ...(details && { details }) };
  // The outbox's first update: from now on, storage the browser clears could lose a delivery's
  // step, so ask it to keep the site's data (on the tap itself, where Firefox asks the person).
  if (getOutboxState().entries.length === 0 && readJournal().length === 0) void keepOfflineData();
  // Kept from the press on: if the page is left or frozen before the server or the outbox has
  // it, the next start finds it (outbox-journal.ts).
  journalAdd({ ...change, createdAt: Date.now() });
  const queue = () =>
    enqueueStatusUpdate(change).then((entry) => ({ queued: true as const, entry }));
  const waiting = getOutboxState().entries.some((e) => e.courierId === courierId);
  if (waiting || !navigator.onLine) return queue();
  try {
    const delivery = await api<DeliveryInstruction>(API.delivery(deliveryId), {
      method: 'PUT',
      body: {
        delivery_status: status,
        device_time: deviceTime,
        ...detailsBody(details),
        ...(details?.photo && { proof_photo: photoDataUrl(details.photo) }),
      },
      timeoutMs: SEND_TIMEOUT_MS,
    });
    journalForget(change);
    return { queued: false, delivery };
  } catch (error) {
    if (isNetworkError(error) || (error instanceof ApiError && error.status >= 500)) return queue();
    journalForget(change);
    throw error;
  }
}
