/** The buyer's small live map (lazily loaded with Leaflet): pickup, dropoff and the courier. */
import 'leaflet/dist/leaflet.css';
import '#client/components/map/map-markers.css';
import { latLngBounds } from 'leaflet';
import { useEffect, useState } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { MAP_ZOOM } from '#shared/constants.js';
import { locationCoords, type LatLng } from '#shared/locations.js';
import { MapTileLayer } from '#client/components/map/map-tile-layer.js';
import { ErrandMarkers } from '#client/components/map/errand-markers.js';

export interface OrderMapProps {
  pickup: string;
  dropoff: string;
  courier: LatLng | null;
}

// Room around the spots for their labels: wide ones sit centred on their pins.
const FIT = { padding: [110, 36] as [number, number], maxZoom: MAP_ZOOM - 1 };

function boundsOf(points: readonly LatLng[]) {
  return latLngBounds(points.map((p) => [p.lat, p.lng] as [number, number]));
}

export function OrderMap({ pickup, dropoff, courier }: OrderMapProps) {
  const pickupAt = locationCoords(pickup);
  const dropoffAt = locationCoords(dropoff);
  // The first view shows every spot; later moves are followed by KeepCourierInView.
  const [initialBounds] = useState(() =>
    boundsOf(courier ? [pickupAt, dropoffAt, courier] : [pickupAt, dropoffAt]),
  );

  return (
    <MapContainer
      bounds={initialBounds}
      boundsOptions={FIT}
      className="os-map"
      scrollWheelZoom={false}
    >
      <MapTileLayer />
      <ErrandMarkers pickup={pickup} dropoff={dropoff} courier={courier} courierLabel="Courier" />
      {courier && <KeepCourierInView courier={courier} pickup={pickupAt} dropoff={dropoffAt} />}
    </MapContainer>
  );
}

/** When the courier walks off the visible part of the map, the view widens to show everyone. */
function KeepCourierInView({
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
    map.fitBounds(boundsOf([{ lat, lng }, pickup, dropoff]), FIT);
  }, [map, lat, lng, pickup, dropoff]);
  return null;
}
