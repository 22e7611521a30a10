/**
 * While a delivery is under way the courier's position goes to the server, which passes it on
 * to that delivery's buyer and vendor only.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import * as orderPaths from '#shared/api-paths/deliveries.js';
import { isActiveDelivery, type DeliveryStatus } from '#shared/delivery.js';
import {
  metersBetween,
  POSITION_MIN_INTERVAL_MS,
  POSITION_MIN_MOVE_METERS,
  type PositionBody,
} from '#shared/live.js';
import type { LatLng } from '#shared/locations.js';
import { api } from '#client/lib/api.js';

export interface SentPosition extends LatLng {
  at: number;
}

/** At most every few seconds, or sooner after a real move. */
export function shouldSendPosition(last: SentPosition | null, next: LatLng, now: number): boolean {
  if (!last) return true;
  return (
    now - last.at >= POSITION_MIN_INTERVAL_MS ||
    metersBetween(last, next) >= POSITION_MIN_MOVE_METERS
  );
}

/** POST /api/delivery_instruction/{id}/position: one position of the courier on the way. */
function sendPosition({ deliveryId, body }: { deliveryId: number; body: PositionBody }) {
  return api(orderPaths.deliveryPosition(deliveryId), { method: 'POST', body });
}

export function useSharePosition(
  deliveryId: number,
  status: DeliveryStatus | undefined,
  position: (LatLng & { accuracy: number }) | null,
): void {
  const last = useRef<SentPosition | null>(null);
  const { mutate: send } = useMutation({
    mutationFn: sendPosition,
    onError: (error) => console.warn('Could not share the courier position', error),
  });
  useEffect(() => {
    if (!position || !status || !isActiveDelivery(status)) return;
    // Offline, a position is stale by the time it could be sent: skip it rather than queue.
    if (!navigator.onLine) return;
    const now = Date.now();
    if (!shouldSendPosition(last.current, position, now)) return;
    last.current = { lat: position.lat, lng: position.lng, at: now };
    const body: PositionBody = {
      lat: position.lat,
      lng: position.lng,
      accuracy: Math.min(position.accuracy, 100_000),
      at: new Date(now).toISOString(),
    };
    send({ deliveryId, body });
  }, [deliveryId, status, position, send]);
}
