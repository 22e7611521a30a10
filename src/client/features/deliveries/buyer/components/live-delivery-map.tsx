import { lazy, Suspense } from 'react';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { walkingEstimate, walkingTarget, walkingText } from '#shared/walking.js';
import { MapBoundary } from '#client/features/deliveries/map/map-boundary.js';
import { useNearView } from '#client/features/deliveries/buyer/hooks/use-near-view.js';
import { positionTime, useCourierPosition } from '../api/courier-position';

// Leaflet loads only when an order is on its way and its map is scrolled to, never with the
// page itself: below the first screen, it would hold up the page for a map nobody sees yet.
const OrderMap = lazy(() => import('./order-map').then((m) => ({ default: m.OrderMap })));

/** An order under way: a small map with pickup, dropoff and the courier moving live. */
export function LiveDeliveryMap({ delivery }: { delivery: DeliveryInstruction }) {
  const position = useCourierPosition(delivery.delivery_id);
  const courier = position.data ? { lat: position.data.lat, lng: position.data.lng } : null;
  const [near, nearRef] = useNearView<HTMLDivElement>();
  const placeholder = <div className="os-map os-map-loading" />;
  return (
    <section className="os-live" aria-label={`Map of the delivery to ${delivery.dropoff}`}>
      <div ref={nearRef}>
        {near ? (
          <MapBoundary fallback={<p className="os-map os-map-missing">The map could not load.</p>}>
            <Suspense fallback={placeholder}>
              <OrderMap pickup={delivery.pickup} dropoff={delivery.dropoff} courier={courier} />
            </Suspense>
          </MapBoundary>
        ) : (
          placeholder
        )}
      </div>
      <p className="os-map-note" data-testid="courier-location">
        {position.data
          ? `Courier's location at ${positionTime(position.data.at)}`
          : "Waiting for the courier's location…"}
      </p>
      {courier && (
        <p className="os-map-eta" data-testid="courier-eta">
          {walkingText(walkingEstimate(courier, walkingTarget(delivery)))}{' '}
          <span className="os-map-eta-to">
            {delivery.delivery_status === 'Assigned'
              ? `to the pickup at ${delivery.pickup}`
              : `to you at ${delivery.dropoff}`}
          </span>
        </p>
      )}
    </section>
  );
}
