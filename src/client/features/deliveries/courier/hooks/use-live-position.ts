import { useEffect, useState } from 'react';
import { GEOLOCATION_OPTIONS } from '#shared/constants.js';
import type { LatLng } from '#shared/locations.js';

export interface LivePosition {
  position: (LatLng & { accuracy: number }) | null;
  /** The courier refused location access (or the browser has none): no live marker. */
  unavailable: boolean;
}

/**
 * Only a refusal is final. POSITION_UNAVAILABLE (2) and TIMEOUT (3) happen all the time
 * outdoors and indoors; the watch keeps going and the next fix arrives on its own.
 */
export function isFatalGeolocationError(error: Pick<GeolocationPositionError, 'code'>): boolean {
  return error.code === 1;
}

/**
 * Watches the courier's position while the screen is shown: the watch stops when the screen is
 * left or the page is hidden (saving battery) and starts again when it is visible.
 */
export function useLivePosition(): LivePosition {
  const [state, setState] = useState<LivePosition>(() => ({
    position: null,
    unavailable: typeof navigator === 'undefined' || !('geolocation' in navigator),
  }));

  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    const geolocation = navigator.geolocation;
    let watchId: number | null = null;

    const onPosition = (p: GeolocationPosition) =>
      setState({
        position: { lat: p.coords.latitude, lng: p.coords.longitude, accuracy: p.coords.accuracy },
        unavailable: false,
      });
    const onError = (error: GeolocationPositionError) => {
      // Logged only, never shown, and as a warning: it is an expected condition.
      console.warn(`Geolocation error ${error.code}: ${error.message}`);
      if (isFatalGeolocationError(error)) setState({ position: null, unavailable: true });
    };
    const start = () => {
      if (watchId === null)
        watchId = geolocation.watchPosition(onPosition, onError, GEOLOCATION_OPTIONS);
    };
    const stop = () => {
      if (watchId !== null) geolocation.clearWatch(watchId);
      watchId = null;
    };
    const onVisibility = () => (document.hidden ? stop() : start());

    if (!document.hidden) start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  }, []);

  return state;
}
