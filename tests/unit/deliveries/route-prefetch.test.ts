/** Loading the courier's delivery screen's code before the tap that opens it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchRouteWhenIdle, setRoutePrefetcher } from '#client/lib/route-prefetch.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('route prefetch', () => {
  it('loads the page when the browser is idle, and not once cancelled', () => {
    const load = vi.fn();
    setRoutePrefetcher(load);
    prefetchRouteWhenIdle('/courierNav/0');
    const cancel = prefetchRouteWhenIdle('/chats');
    cancel();
    expect(load).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(load.mock.calls).toEqual([['/courierNav/0']]);
  });

  it('keeps what was asked for before the app registered how, and loads it then', async () => {
    // A fresh copy of the module: as at start, no prefetcher yet.
    vi.resetModules();
    const fresh = await import('#client/lib/route-prefetch.js');
    fresh.prefetchRouteWhenIdle('/courierNav/0');
    vi.runAllTimers();
    const load = vi.fn();
    fresh.setRoutePrefetcher(load);
    expect(load.mock.calls).toEqual([['/courierNav/0']]);
  });
});
