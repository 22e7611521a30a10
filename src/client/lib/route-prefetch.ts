/**
 * Loading the code of a page before the tap that opens it (the courier's delivery screen from
 * the dashboard: Leaflet and the screen's forms take a phone a few hundred milliseconds to load
 * and compile). The app registers how, knowing the route table (app/signed-in-services.tsx);
 * features ask by address, so they import neither each other nor the app. Nothing of this is in
 * the first chunk.
 */
type Prefetcher = (pathname: string) => void;

let prefetcher: Prefetcher | null = null;
/** Asked for before the app registered its prefetcher: loaded once it does. */
const waiting = new Set<string>();

export function setRoutePrefetcher(next: Prefetcher): void {
  prefetcher = next;
  for (const pathname of waiting) next(pathname);
  waiting.clear();
}

/** When the browser is next idle, loads the code of the page at `pathname`; returns a cancel. */
export function prefetchRouteWhenIdle(pathname: string): () => void {
  const run = () => (prefetcher ? prefetcher(pathname) : waiting.add(pathname));
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(run, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
}
