/**
 * Map markers drawn with HTML and CSS (map-markers.css), each with a label that is always
 * shown: no image files to fetch from a CDN, and the map still says what is where when no
 * tiles load. Import only from lazily loaded map code: it pulls in Leaflet.
 */
import { divIcon, type DivIcon } from 'leaflet';

export type MarkerKind = 'pickup' | 'dropoff' | 'courier';

const PIN_SIZE = 22;

/** Text for use inside HTML markup. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The marker's markup: a pin and its label. */
export function markerHtml(label: string): string {
  return `<span class="map-marker-pin"></span><span class="map-marker-label">${escapeHtml(label)}</span>`;
}

export function labelledMarker(kind: MarkerKind, label: string): DivIcon {
  return divIcon({
    className: `map-marker map-marker-${kind}`,
    html: markerHtml(label),
    iconSize: [PIN_SIZE, PIN_SIZE],
    iconAnchor: [PIN_SIZE / 2, PIN_SIZE / 2],
  });
}
