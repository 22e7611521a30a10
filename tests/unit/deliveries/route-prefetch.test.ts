/** Loading the courier's delivery screen's code before the tap that opens it. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchRouteWhenIdle, setRoutePrefetcher } from '#client/lib/route-prefetch.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A prefetcher whose steps record when they run, one per step name. */
function recording(names: string[]) {
  const ran: string[] = [];
  const asked: string[] = [];
  const prefetcher = (pathname: string) => {
    asked.push(pathname);
    return names.map((name) => async () => void ran.push(`${pathname} ${name}`));
  };
  return { prefetcher, ran, asked };
}

/** The browser's next idle moment (requestIdleCallback, or its timer where there is none). */
async function idle() {
  await vi.runOnlyPendingTimersAsync();
}

describe('route prefetch', () => {
  it('loads the page when the browser is idle, and not once cancelled', async () => {
    const { prefetcher, ran } = recording(['code']);
    setRoutePrefetcher(prefetcher);
    prefetchRouteWhenIdle('/courierNav/0');
    const cancel = prefetchRouteWhenIdle('/chats');
    cancel();
    expect(ran).toEqual([]);
    await idle();
    expect(ran).toEqual(['/courierNav/0 code']);
  });

  it('takes one step per idle moment, each after the one before has loaded', async () => {
    const { prefetcher, ran } = recording(['leaflet', 'zod', 'code']);
    setRoutePrefetcher(prefetcher);
    prefetchRouteWhenIdle('/courierNav/0');
    await idle();
    expect(ran).toEqual(['/courierNav/0 leaflet']);
    await idle();
    expect(ran).toEqual(['/courierNav/0 leaflet', '/courierNav/0 zod']);
    await idle();
    expect(ran).toEqual(['/courierNav/0 leaflet', '/courierNav/0 zod', '/courierNav/0 code']);
  });

  it('takes no further step once cancelled', async () => {
    const { prefetcher, ran } = recording(['leaflet', 'zod', 'code']);
    setRoutePrefetcher(prefetcher);
    const cancel = prefetchRouteWhenIdle('/courierNav/0');
    await idle();
    cancel();
    await vi.runAllTimersAsync();
    expect(ran).toEqual(['/courierNav/0 leaflet']);
  });

  it('goes on after a step that failed (the page shows the error when it opens)', async () => {
    const ran: string[] = [];
    setRoutePrefetcher(() => [
      () => Promise.reject(new Error('offline')),
      async () => void ran.push('code'),
    ]);
    prefetchRouteWhenIdle('/courierNav/0');
    await vi.runAllTimersAsync();
    expect(ran).toEqual(['code']);
  });

  it('keeps what was asked for before the app registered how, and loads it then', async () => {
    // A fresh copy of the module: as at start, no prefetcher yet.
    vi.resetModules();
    const fresh = await import('#client/lib/route-prefetch.js');
    fresh.prefetchRouteWhenIdle('/courierNav/0');
    await idle();
    const { prefetcher, asked, ran } = recording(['code']);
    fresh.setRoutePrefetcher(prefetcher);
    await vi.runAllTimersAsync();
    expect(asked).toEqual(['/courierNav/0']);
    expect(ran).toEqual(['/courierNav/0 code']);
  });
});
