/**
 * Loading the code of a page before the tap that opens it (the courier's delivery screen from
 * the dashboard: Leaflet and the screen's forms take a phone a few hundred milliseconds to load
 * and start). The app registers how, knowing the route table (app/signed-in-services.tsx);
 * features ask by address, so they import neither each other nor the app. Nothing of this is in
 * the first chunk.
 *
 * The code comes in steps, each started when the browser is next idle after the one before has
 * loaded: a module's code runs (is evaluated) in one go, so the heavy libraries a page needs,
 * each a step of its own, are short tasks one after the other instead of one long task that
 * holds the screen on show (and its taps) at once.
 */

/** One step: a dynamic import. */
export type PrefetchStep = () => Promise<unknown>;
/** The steps that load the page at `pathname`, in order. */
type Prefetcher = (pathname: string) => PrefetchStep[];

let prefetcher: Prefetcher | null = null;
/** Asked for before the app registered its prefetcher: loaded once it does. */
const waiting = new Set<string>();

/** Runs `run` when the browser is next idle (within 3 s); returns a cancel. */
function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(run, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
}

/**
 * Runs the first of `steps` now and each of the others when the browser is next idle after the
 * one before it has settled (a step that failed is the router's to show when the page opens);
 * returns a cancel.
 */
function runSteps(steps: PrefetchStep[]): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const run = (i: number) => {
    const step = steps[i];
    if (cancelled || !step) return;
    void step()
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) cancelIdle = whenIdle(() => run(i + 1));
      });
  };
  run(0);
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

export function setRoutePrefetcher(next: Prefetcher): void {
  prefetcher = next;
  for (const pathname of waiting) runSteps(next(pathname));
  waiting.clear();
}

/** When the browser is next idle, starts loading the code of the page at `pathname`; returns a cancel. */
export function prefetchRouteWhenIdle(pathname: string): () => void {
  let cancelSteps = () => {};
  const cancelStart = whenIdle(() => {
    if (prefetcher) cancelSteps = runSteps(prefetcher(pathname));
    else waiting.add(pathname);
  });
  return () => {
    cancelStart();
    cancelSteps();
  };
}
