import { divIcon, type DivIcon } from 'leaflet';

export type MarkerKind = 'pickup' | 'dropoff' | 'courier';

const PIN_SIZE = 26;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * A marker drawn with HTML and CSS, its label always visible: no image files (nothing to fetch
 * from a CDN), and the map still says where to go when no tiles load.
 */
export function markerIcon(kind: MarkerKind, label: string): DivIcon {
  return divIcon({
    className: `nav-marker nav-marker-${kind}`,
    html: `<span class="nav-marker-pin"></span><span class="nav-marker-label">${escapeHtml(label)}</span>`,
    iconSize: [PIN_SIZE, PIN_SIZE],
    iconAnchor: [PIN_SIZE / 2, PIN_SIZE / 2],
  });
}
