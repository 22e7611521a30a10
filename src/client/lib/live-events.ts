/**
 * Live updates over server-sent events (GET /api/events) while someone is signed in: chats,
 * orders and deliveries refresh when the server says they changed, and the courier's position
 * lands in the query cache. Polling stays on as the fallback when the stream is down.
 */
import { useQueryClient, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { READ_DEADLINE_MS } from '#shared/deadlines.js';
import { useEffect } from 'react';
import * as accountPaths from '#shared/api-paths/accounts.js';
import * as systemPaths from '#shared/api-paths/system.js';
import type { CourierPosition, LiveEventType } from '#shared/live.js';
import { api, ApiError } from './api';
import { onConnectionBack } from './connection';
import { openLiveConnection } from './live-connection';
import { useOnline } from './online';
import { queryKeys } from './query-keys';

/** A courier position as pushed by the server, checked before it goes into the cache. */
export function isCourierPosition(data: unknown): data is CourierPosition {
  if (typeof data !== 'object' || data === null) return false;
  const p = data as Record<string, unknown>;
  const finite = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  return (
    Number.isInteger(p.delivery_id) &&
    Number.isInteger(p.courier_id) &&
    finite(p.lat) &&
    finite(p.lng) &&
    (p.accuracy === null || finite(p.accuracy)) &&
    typeof p.at === 'string'
  );
}

/** A `meeting.updated` whose meeting was completed (the seller typed the buyer's code). */
function meetingCompleted(data: unknown): boolean {
  const meeting = (data as { meeting?: { status?: unknown } } | null)?.meeting;
  return meeting?.status === 'Completed';
}

/** What each event changes in the query cache. */
export function applyLiveEvent(client: QueryClient, type: LiveEventType, data: unknown): void {
  const invalidate = (...keys: QueryKey[]) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  };
  switch (type) {
    case 'message.created':
      // Threads and every unread count read this one list.
      invalidate(queryKeys.messages());
      break;
    case 'delivery.updated':
      invalidate(queryKeys.deliveries(), queryKeys.deliveryRequests());
      break;
    case 'delivery.removed':
      // Another courier took a delivery from the pool.
      invalidate(queryKeys.unassigned());
      break;
    case 'courier.position':
      if (isCourierPosition(data)) {
        client.setQueryData(queryKeys.courierPosition(data.delivery_id), data);
      }
      break;
    case 'notification.created':
      // The bell's count and the notification centre.
      invalidate(queryKeys.notifications());
      break;
    case 'offer.updated':
      // An offer and its cards (product page, conversation); accepting one also holds the item.
      invalidate(queryKeys.offers());
      break;
    case 'hold.updated':
      // A hold began or ended: the listing reads "on hold" or not, wherever it is listed.
      invalidate(queryKeys.holds(), queryKeys.offers(), ['listings']);
      break;
    case 'meeting.updated':
      // The buyer's read carries the handover code, the event never: the meeting is read again.
      invalidate(queryKeys.meetings());
      // A completed meeting sold the item: the sale, the listing, its hold and offers moved.
      if (meetingCompleted(data)) {
        invalidate(queryKeys.sales(), queryKeys.holds(), queryKeys.offers(), ['listings']);
      }
      break;
  }
}

/**
 * Everything an event could have changed, for when some may have been missed: all of it, or
 * (`since`) what was fetched before that moment or within a read's deadline after it (an answer
 * that arrived later may have been read on the server before the event).
 */
export function refetchLiveData(client: QueryClient, since?: number): void {
  const predicate =
    since === undefined
      ? undefined
      : (query: Query) => query.state.dataUpdatedAt < since + READ_DEADLINE_MS;
  for (const queryKey of [
    queryKeys.messages(),
    queryKeys.deliveries(),
    queryKeys.deliveryRequests(),
    queryKeys.notifications(),
    queryKeys.offers(),
    queryKeys.holds(),
    queryKeys.meetings(),
    queryKeys.sales(),
  ]) {
    void client.invalidateQueries({ queryKey, predicate });
  }
}

/** After a refused stream: is the session still there? A 401 also signs the tab out. */
async function sessionValid(): Promise<boolean> {
  try {
    await api(accountPaths.me);
    return true;
  } catch (error) {
    return !(error instanceof ApiError && error.code === 'unauthenticated');
  }
}

/** One stream for the signed-in user; closed at sign-out and while offline. */
export function useLiveEvents(userId: number | null): void {
  const queryClient = useQueryClient();
  // Offline the stream only fails and retries; it reopens when the browser is back online.
  const online = useOnline();
  useEffect(() => {
    if (userId === null || !online || typeof EventSource === 'undefined') return;
    return openLiveConnection({
      url: systemPaths.events,
      onEvent: (type, data) => applyLiveEvent(queryClient, type, data),
      onMissed: (since) => refetchLiveData(queryClient, since),
      sessionValid,
      onNetworkBack: onConnectionBack,
    });
  }, [queryClient, userId, online]);
}
