/** A scriptable navigator.geolocation for component tests. */
import { vi } from 'vitest';

interface Watch {
  success: PositionCallback;
  error: PositionErrorCallback | null | undefined;
  options: PositionOptions | undefined;
}

export function fakeGeolocation() {
  const watches = new Map<number, Watch>();
  let nextId = 1;
  const geolocation = {
    watchPosition: vi.fn(
      (
        success: PositionCallback,
        error?: PositionErrorCallback | null,
        options?: PositionOptions,
      ) => {
        const id = nextId++;
        watches.set(id, { success, error, options });
        return id;
      },
    ),
    clearWatch: vi.fn((id: number) => void watches.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return {
    geolocation,
    active: () => watches.size,
    move(latitude: number, longitude: number) {
      for (const w of watches.values())
        w.success({
          coords: { latitude, longitude, accuracy: 8 },
          timestamp: Date.now(),
        } as GeolocationPosition);
    },
    fail(code: 1 | 2 | 3) {
      for (const w of watches.values())
        w.error?.({ code, message: `code ${code}` } as GeolocationPositionError);
    },
    remove() {
      Reflect.deleteProperty(navigator, 'geolocation');
    },
  };
}

/** Sets document.hidden and fires visibilitychange, as when the phone's screen turns off. */
export function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}
