import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { MAP_ZOOM } from '#shared/constants.js';
import { mapFocus, type DeliveryStatus } from '#shared/delivery.js';
import { locationCoords, type LatLng } from '#shared/locations.js';
import '#client/components/map/map-markers.css';
import { MapTileLayer } from '#client/components/map/map-tile-layer.js';
import { ErrandMarkers } from '#client/components/map/errand-markers.js';

interface DeliveryMapProps {
  pickup: string;
  dropoff: string;
  status: DeliveryStatus;
  position: LatLng | null;
  onReady: () => void;
}

/** Centres on the pickup while Assigned and on the dropoff after. */
export function DeliveryMap({ pickup, dropoff, status, position, onReady }: DeliveryMapProps) {
  const pickupAt = locationCoords(pickup);
  const dropoffAt = locationCoords(dropoff);
  const centre = mapFocus(status) === 'pickup' ? pickupAt : dropoffAt;
  return (
    <MapContainer
      center={[centre.lat, centre.lng]}
      zoom={MAP_ZOOM}
      className="nav-map"
      whenReady={onReady}
    >
      <MapTileLayer />
      <FollowCentre centre={centre} />
      <ErrandMarkers pickup={pickup} dropoff={dropoff} courier={position} courierLabel="You" />
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
