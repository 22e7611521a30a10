import type { mapFocus } from '#shared/delivery.js';
import { Button } from '#client/components/ui/button.js';

/** The spec's view (zoom 18 on the next spot) or the whole errand in view. */
export type MapView = 'focus' | 'all';
type MapFocus = ReturnType<typeof mapFocus>;

const BACK: Record<MapFocus, string> = { pickup: 'Show pickup', dropoff: 'Show drop-off' };

/**
 * One button over the map that switches between the two views; its name says what a tap does.
 * A sibling of the map, not a Leaflet control, so taps and keys stay its own (no map drag).
 */
export function MapViewToggle({
  view,
  focus,
  onToggle,
}: {
  view: MapView;
  focus: MapFocus;
  onToggle: () => void;
}) {
  return (
    <Button className="nav-map-view" onClick={onToggle}>
      {view === 'focus' ? 'Show all' : BACK[focus]}
    </Button>
  );
}
