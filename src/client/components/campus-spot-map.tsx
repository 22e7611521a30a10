import { createContext, useContext, type ReactNode } from 'react';

export interface SpotMapProps {
  /** A campus location (src/shared/locations.ts). */
  spot: string;
  /** The words on its pin ("Meet at: Library"). */
  label: string;
}

/**
 * The campus map with one spot on it, for screens of areas other than the map's own (a meeting
 * on campus): the app shell provides it (app/pages/with-spot-map.tsx), loaded when one shows.
 */
export const SpotMapContext = createContext<((props: SpotMapProps) => ReactNode) | null>(null);

/** Whether a campus map is at hand here; without one, a screen names the spot only. */
export const useHasSpotMap = () => useContext(SpotMapContext) !== null;

/** The spot on the campus map, where the app shell provides one; nothing elsewhere. */
export function CampusSpotMap(props: SpotMapProps) {
  const render = useContext(SpotMapContext);
  return render ? render(props) : null;
}
