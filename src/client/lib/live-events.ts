/**
 * Live updates over server-sent events (GET /api/events) while someone is signed in: chats,
 * orders and deliveries refresh when the server says they changed, and the courier's position
 * lands in the query cache. Polling stays on as the fallback when the stream is down.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CourierPosition } from '../../shared/live';
import { useOnline } from './online';
import { queryKeys } from './query-keys';

export function useLiveEvents(userId: number | null): void {
  const queryClient = useQueryClient();
  // Offline the stream only fails and retries; it reopens when the browser is back online.
  const online = useOnline();
  useEffect(() => {
    if (userId === null || !online || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const invalidate = (...keys: QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const everything = () =>
      invalidate(queryKeys.messages(), queryKeys.deliveries(), queryKeys.deliveryRequests());
    let connectedBefore = false;

    source.addEventListener('ready', () => {
      // After a drop, whatever happened meanwhile was missed: refetch what is on screen.
      if (connectedBefore) everything();
      connectedBefore = true;
    });
    source.addEventListener('resync', everything);
    source.addEventListener('message.created', () => invalidate(queryKeys.messages()));
    source.addEventListener('delivery.updated', () =>
      invalidate(queryKeys.deliveries(), queryKeys.deliveryRequests()),
    );
    source.addEventListener('courier.position', (event) => {
      const position = JSON.parse((event as MessageEvent<string>).data) as CourierPosition;
      queryClient.setQueryData(queryKeys.courierPosition(position.delivery_id), position);
    });
    return () => source.close();
  }, [queryClient, userId, online]);
}
