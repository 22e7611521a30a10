import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { MapContainer, useMap } from 'react-leaflet';
import { MAP_ZOOM } from '#shared/constants.js';
import { mapFocus, type DeliveryStatus } from '#shared/delivery.js';
import { locationCoords, type LatLng } from '#shared/locations.js';
import '#client/features/deliveries/map/map-markers.css';
import { MapTileLayer } from '#client/features/deliveries/map/map-tile-layer.js';
import { ErrandMarkers } from '#client/features/deliveries/map/errand-markers.js';
import { ShowErrand } from '#client/features/deliveries/map/errand-view.js';
import { MapViewToggle, type MapView } from './map-view-toggle';

interface DeliveryMapProps {
  pickup: string;
  dropoff: string;
  status: DeliveryStatus;
  position: LatLng | null;
  onReady: () => void;
}

/**
 * Spec: zoom 18, centred on the pickup while Assigned and on the dropoff after. "Show all" fits
 * the courier, the pickup and the drop-off instead; the same button goes back.
 */
export function DeliveryMap({ pickup, dropoff, status, position, onReady }: DeliveryMapProps) {
  const [view, setView] = useState<MapView>('focus');
  const pickupAt = locationCoords(pickup);
  const dropoffAt = locationCoords(dropoff);
  const focus = mapFocus(status);
  const centre = focus === 'pickup' ? pickupAt : dropoffAt;
  return (
    <>
      <MapContainer
        center={[centre.lat, centre.lng]}
        zoom={MAP_ZOOM}
        className="nav-map"
        whenReady={onReady}
      >
        <MapTileLayer />
        {view === 'focus' ? (
          <FollowCentre centre={centre} />
        ) : (
          <ShowErrand pickup={pickupAt} dropoff={dropoffAt} courier={position} />
        )}
        <ErrandMarkers pickup={pickup} dropoff={dropoff} courier={position} courierLabel="You" />
      </MapContainer>
      <MapViewToggle
        view={view}
        focus={focus}
        onToggle={() => setView((v) => (v === 'focus' ? 'all' : 'focus'))}
      />
    </>
  );
}

/**
 * The spec's view: mounted (at the start, or back from "Show all") it sets zoom 18 on the
 * focus; when the focus moves (picked up) it follows at the zoom the courier chose.
 */
function FollowCentre({ centre }: { centre: LatLng }) {
  const map = useMap();
  const { lat, lng } = centre;
  const mounted = useRef(false);
  useEffect(() => {
    map.setView([lat, lng], mounted.current ? map.getZoom() : MAP_ZOOM);
    mounted.current = true;
  }, [map, lat, lng]);
  return null;
}
