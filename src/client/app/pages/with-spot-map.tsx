/**
 * Lends the deliveries area's campus map to the screens below it (a meeting on campus in the
 * sales area: components/campus-spot-map.tsx). Features never import each other; the shell
 * composes them. The map's code (Leaflet) loads when a spot is shown.
 */
import { Suspense, type ReactNode } from 'react';
import { SpotMapContext, type SpotMapProps } from '#client/components/campus-spot-map.js';
import { lazyComponent } from '#client/lib/lazy-component.js';

const SpotMap = lazyComponent(() =>
  import('../../features/deliveries/map/spot-map').then((m) => m.SpotMap),
);

const renderSpotMap = (props: SpotMapProps) => (
  <Suspense fallback={null}>
    <SpotMap {...props} />
  </Suspense>
);

export function WithSpotMap({ children }: { children: ReactNode }) {
  return <SpotMapContext.Provider value={renderSpotMap}>{children}</SpotMapContext.Provider>;
}
