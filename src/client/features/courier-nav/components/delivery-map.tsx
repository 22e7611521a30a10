import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { MAP_ZOOM } from '#shared/constants.js';
import { mapFocus, type DeliveryStatus } from '#shared/delivery.js';
import { locationCoords, type LatLng } from '#shared/locations.js';
import '#client/components/map/map-markers.css';
import { MapTileLayer } from '#client/components/map/map-tile-layer.js';
import { labelledMarker, labelSides } from '#client/components/map/marker-icon.js';

interface DeliveryMapProps {
  pickup: string;
  dropoff: string;
  status: DeliveryStatus;
  position: LatLng | null;
  onReady: () => void;
}

/** Centres on the pickup while Assigned and on the dropoff after (spec section 2). */
export function DeliveryMap({ pickup, dropoff, status, position, onReady }: DeliveryMapProps) {
  const pickupAt = locationCoords(pickup);
  const dropoffAt = locationCoords(dropoff);
  const centre = mapFocus(status) === 'pickup' ? pickupAt : dropoffAt;
  const icons = useMemo(() => {
    const sides = labelSides(locationCoords(pickup), locationCoords(dropoff));
    return {
      pickup: labelledMarker('pickup', `Pick up: ${pickup}`, sides.pickup),
      dropoff: labelledMarker('dropoff', `Drop off: ${dropoff}`, sides.dropoff),
      courier: labelledMarker('courier', 'You', 'right'),
    };
  }, [pickup, dropoff]);

  return (
    <MapContainer
      center={[centre.lat, centre.lng]}
      zoom={MAP_ZOOM}
      className="nav-map"
      whenReady={onReady}
    >
      <MapTileLayer />
      <FollowCentre centre={centre} />
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
      {position && (
        <Marker
          position={[position.lat, position.lng]}
          icon={icons.courier}
          interactive={false}
          keyboard={false}
          zIndexOffset={1000}
        />
      )}
    </MapContainer>
  );
}

/** The map's centre prop only applies once; this moves the view when the focus changes. */
function FollowCentre({ centre }: { centre: LatLng }) {
  const map = useMap();
  const { lat, lng } = centre;
  useEffect(() => {
    map.setView([lat, lng], map.getZoom());
  }, [map, lat, lng]);
  return null;
}
