/** The buyer's small live map (lazily loaded with Leaflet): pickup, dropoff and the courier. */
import 'leaflet/dist/leaflet.css';
import '#client/components/map/map-markers.css';
import { latLngBounds, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { MAP_ZOOM } from '#shared/constants.js';
import { locationCoords, type LatLng } from '#shared/locations.js';
import { MapTileLayer } from '#client/components/map/map-tile-layer.js';
import { labelledMarker, labelSides } from '#client/components/map/marker-icon.js';

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
  const icons = useMemo(() => {
    const sides = labelSides(locationCoords(pickup), locationCoords(dropoff));
    return {
      pickup: labelledMarker('pickup', `Pick up: ${pickup}`, sides.pickup),
      dropoff: labelledMarker('dropoff', `Drop off: ${dropoff}`, sides.dropoff),
      courier: labelledMarker('courier', 'Courier', 'right'),
    };
  }, [pickup, dropoff]);
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
      {courier && (
        <>
          <CourierMarker position={courier} icon={icons.courier} />
          <KeepCourierInView courier={courier} pickup={pickupAt} dropoff={dropoffAt} />
        </>
      )}
    </MapContainer>
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
