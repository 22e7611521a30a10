/**
 * Map markers drawn with HTML and CSS (map-markers.css), each with a label that is always
 * shown: no image files to fetch from a CDN, and the map still says what is where when no
 * tiles load. Import only from lazily loaded map code: it pulls in Leaflet.
 */
import { divIcon, type DivIcon } from 'leaflet';

export type MarkerKind = 'pickup' | 'dropoff' | 'courier';
/** Where a label sits next to its pin. */
export type LabelSide = 'above' | 'below' | 'right';

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

/**
 * Pickup and dropoff labels point away from each other (the northern one above its pin), so
 * nearby spots do not cover each other's names.
 */
export function labelSides(pickup: { lat: number }, dropoff: { lat: number }) {
  const pickupNorth = pickup.lat >= dropoff.lat;
  return {
    pickup: pickupNorth ? 'above' : 'below',
    dropoff: pickupNorth ? 'below' : 'above',
  } as const satisfies Record<'pickup' | 'dropoff', LabelSide>;
}

export function labelledMarker(kind: MarkerKind, label: string, side: LabelSide): DivIcon {
  return divIcon({
    className: `map-marker map-marker-${kind} map-label-${side}`,
    html: markerHtml(label),
    iconSize: [PIN_SIZE, PIN_SIZE],
    iconAnchor: [PIN_SIZE / 2, PIN_SIZE / 2],
  });
}
