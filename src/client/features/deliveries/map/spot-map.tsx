/**
 * One campus spot on the map, with its label (a meeting on campus: the app shell lends it to the
 * sales area through components/campus-spot-map.tsx). Lazily loaded: it pulls in Leaflet.
 */
import 'leaflet/dist/leaflet.css';
import './map-markers.css';
import './spot-map.css';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { MAP_ZOOM } from '#shared/constants.js';
import { locationCoords } from '#shared/locations.js';
import type { SpotMapProps } from '#client/components/campus-spot-map.js';
import { MapTileLayer } from './map-tile-layer';
import { labelledMarker } from './marker-icon';

export function SpotMap({ spot, label }: SpotMapProps) {
  const { lat, lng } = locationCoords(spot);
  const icon = useMemo(() => labelledMarker('dropoff', label, 'above'), [label]);
  return (
    <MapContainer center={[lat, lng]} zoom={MAP_ZOOM} className="spot-map" scrollWheelZoom={false}>
      <MapTileLayer />
      <Marker position={[lat, lng]} icon={icon} interactive={false} keyboard={false} />
      <FollowSpot lat={lat} lng={lng} />
    </MapContainer>
  );
}

/** Another spot chosen: the map moves to it (MapContainer reads its centre once). */
function FollowSpot({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lng]);
  }, [map, lat, lng]);
  return null;
}
