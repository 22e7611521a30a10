/**
 * Framing a delivery's errand on a map: the pickup, the drop-off and the courier in view at
 * once. Both maps use it (the buyer's order, the courier's "Show all"). Import only from lazily
 * loaded map code: it pulls in Leaflet.
 */
import { latLngBounds, type FitBoundsOptions } from 'leaflet';
import { useEffect, useState } from 'react';
import { useMap } from 'react-leaflet';
import { MAP_ZOOM } from '#shared/constants.js';
import type { LatLng } from '#shared/locations.js';

/**
 * Room around the spots for their labels (wide ones sit centred on their pins), and never
 * closer than a step out from the spec's zoom, so showing everyone reads as a wider view.
 */
export const ERRAND_FIT: FitBoundsOptions = { padding: [110, 36], maxZoom: MAP_ZOOM - 1 };

/** The smallest box holding the pickup, the drop-off and the courier when known. */
export function errandBounds(pickup: LatLng, dropoff: LatLng, courier: LatLng | null) {
  const points = courier ? [pickup, dropoff, courier] : [pickup, dropoff];
  return latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
}

/**
 * Fits the whole errand when it mounts; after that the courier's moves are followed only when
 * they leave the view (KeepCourierInView), so a courier looking around is not pulled back.
 */
export function ShowErrand({
  pickup,
  dropoff,
  courier,
}: {
  pickup: LatLng;
  dropoff: LatLng;
  courier: LatLng | null;
}) {
  const map = useMap();
  const [bounds] = useState(() => errandBounds(pickup, dropoff, courier));
  useEffect(() => {
    map.fitBounds(bounds, ERRAND_FIT);
  }, [map, bounds]);
  return courier && <KeepCourierInView courier={courier} pickup={pickup} dropoff={dropoff} />;
}

/** When the courier walks off the visible part of the map, the view widens to show everyone. */
export function KeepCourierInView({
  courier,
  pickup,
  dropoff,
}: {
  courier: LatLng;
  pickup: LatLng;
  dropoff: LatLng;
}) {
  const map = useMap();
  const { lat, lng } = courier;
  useEffect(() => {
    if (map.getBounds().pad(-0.1).contains([lat, lng])) return;
    map.fitBounds(errandBounds(pickup, dropoff, { lat, lng }), ERRAND_FIT);
  }, [map, lat, lng, pickup, dropoff]);
  return null;
}
