import type { Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { Marker } from 'react-leaflet';
import { locationCoords, type LatLng } from '#shared/locations.js';
import { labelledMarker, labelSides } from './marker-icon';

/**
 * A delivery's errand on a map: labelled pins for the pickup and drop-off spots, and the
 * courier's position when known. Both maps (the courier's screen, the buyer's order) show it.
 */
export function ErrandMarkers({
  pickup,
  dropoff,
  courier,
  courierLabel,
}: {
  pickup: string;
  dropoff: string;
  courier: LatLng | null;
  /** "You" on the courier's own screen, "Courier" for the buyer. */
  courierLabel: string;
}) {
  const pickupAt = locationCoords(pickup);
  const dropoffAt = locationCoords(dropoff);
  const icons = useMemo(() => {
    const sides = labelSides(locationCoords(pickup), locationCoords(dropoff));
    return {
      pickup: labelledMarker('pickup', `Pick up: ${pickup}`, sides.pickup),
      dropoff: labelledMarker('dropoff', `Drop off: ${dropoff}`, sides.dropoff),
      courier: labelledMarker('courier', courierLabel, 'right'),
    };
  }, [pickup, dropoff, courierLabel]);
  return (
    <>
      <Marker
        position={[pickupAt.lat, pickupAt.lng]}
        icon={icons.pickup}
        interactive={false}
        keyboard={false}
      />
      <Marker
        position={[dropoffAt.lat, dropoffAt.lng]}
        icon={icons.dropoff}
        interactive={false}
        keyboard={false}
      />
      {courier && <CourierMarker position={courier} icon={icons.courier} />}
    </>
  );
}

/**
 * The courier's marker. Its element carries the position Leaflet placed it at (data-lat,
 * data-lng), so tests and tools can read where the map shows the courier.
 */
function CourierMarker({
  position,
  icon,
}: {
  position: LatLng;
  icon: ReturnType<typeof labelledMarker>;
}) {
  const marker = useRef<LeafletMarker>(null);
  const { lat, lng } = position;
  useEffect(() => {
    const current = marker.current;
    const element = current?.getElement();
    if (!current || !element) return;
    const at = current.getLatLng();
    element.dataset.lat = String(at.lat);
    element.dataset.lng = String(at.lng);
  }, [lat, lng]);
  return (
    <Marker
      ref={marker}
      position={[lat, lng]}
      icon={icon}
      interactive={false}
      keyboard={false}
      zIndexOffset={1000}
    />
  );
}
