/** The buyer's small live map (lazily loaded with Leaflet): pickup, dropoff and the courier. */
import 'leaflet/dist/leaflet.css';
import '#client/features/deliveries/map/map-markers.css';
import { useState } from 'react';
import { MapContainer } from 'react-leaflet';
import { locationCoords, type LatLng } from '#shared/locations.js';
import { MapTileLayer } from '#client/features/deliveries/map/map-tile-layer.js';
import { ErrandMarkers } from '#client/features/deliveries/map/errand-markers.js';
import {
  ERRAND_FIT,
  errandBounds,
  KeepCourierInView,
} from '#client/features/deliveries/map/errand-view.js';

export interface OrderMapProps {
  pickup: string;
  dropoff: string;
  courier: LatLng | null;
}

export function OrderMap({ pickup, dropoff, courier }: OrderMapProps) {
  const pickupAt = locationCoords(pickup);
  const dropoffAt = locationCoords(dropoff);
  // The first view shows every spot; later moves are followed by KeepCourierInView.
  const [initialBounds] = useState(() => errandBounds(pickupAt, dropoffAt, courier));

  return (
    <MapContainer
      bounds={initialBounds}
      boundsOptions={ERRAND_FIT}
      className="os-map"
      scrollWheelZoom={false}
    >
      <MapTileLayer />
      <ErrandMarkers pickup={pickup} dropoff={dropoff} courier={courier} courierLabel="Courier" />
      {courier && <KeepCourierInView courier={courier} pickup={pickupAt} dropoff={dropoffAt} />}
    </MapContainer>
  );
}
