import { isActiveDelivery, type DeliveryStatus } from '#shared/delivery.js';
import type { LatLng } from '#shared/locations.js';
import { walkingEstimate, walkingTarget, walkingText } from '#shared/walking.js';

/** How far the courier has to walk to the next spot, from their live position. */
export function WalkingLine({
  delivery,
  position,
}: {
  delivery: { delivery_status: DeliveryStatus; pickup: string; dropoff: string };
  position: LatLng | null;
}) {
  if (!position || !isActiveDelivery(delivery.delivery_status)) return null;
  const to =
    delivery.delivery_status === 'Assigned'
      ? `to the pickup at ${delivery.pickup}`
      : `to the drop-off at ${delivery.dropoff}`;
  return (
    <p className="nav-walk" data-testid="walking-distance">
      <strong>{walkingText(walkingEstimate(position, walkingTarget(delivery)))}</strong> {to}
    </p>
  );
}
