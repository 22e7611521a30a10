/**
 * The first open of the courier's delivery screen (/courierNav/{id}) on a phone (412x823, touch)
 * at Lighthouse's 4x CPU slowdown, until the frame where it shows its delivery (title, PICKED UP)
 * and its map (the three markers and a loaded tile) with the loading screen gone. Three ways a
 * courier gets there, each run in a fresh browser profile signed in as the courier (the session
 * cookie and the stored user, as the login form leaves them):
 * - fromDashboard: the app installed and running on the dashboard, from the tap on the delivery
 *   in progress (the usual way, after accepting);
 * - installedNewTab: the app installed (service worker with every chunk), the screen opened in
 *   a new tab (from a notification or the home screen), from the navigation's start;
 * - cold: a phone that never loaded the app (no service worker, empty HTTP cache), from the
 *   navigation's start; with where its median run spent the time, and the dashboard's cold open.
 * The tiles come from the local tile host (TILE_URL); the network is not slowed.
 * BENCH_COURIER_RUNS runs (default 5); the budget (under 1 s) is on fromDashboard's median.
 */
import {
  request,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { DEMO_PASSWORD } from '#server/db/seed.js';
import { SESSION_MS } from '#shared/constants.js';
import { launchBrowser } from './lib/browser.js';
import { assignedToTom, signedIn } from './lib/demo-delivery.js';
import { summarizeRuns, type Runs } from './lib/runs.js';

const RUNS = Math.max(1, Number(process.env.BENCH_COURIER_RUNS ?? 5));
const CPU_SLOWDOWN = 4;
/** Library, on campus: the courier's position for the whole run. */
const POSITION = { latitude: 37.7215, longitude: -122.4786 };

export type FirstOpenTimes = Runs;
/** Each figure: until /courierNav/{id} shows the delivery and its map, the loading screen gone. */
export interface CourierFirstOpenResult {
  /** The app running on the dashboard: from the tap on the delivery in progress. */
  fromDashboard: FirstOpenTimes;
  /** The app installed (service worker and its chunks): opened in a new tab. */
  installedNewTab: FirstOpenTimes;
  /** A phone that has never loaded the app (no service worker, empty HTTP cache). */
  cold: FirstOpenTimes;
  /** Where the median new-tab run spent its time (ms from navigation start). */
  installedNewTabMedianRun: Record<string, number>;
  /** Where the median cold run spent its time (ms from navigation start). */
  coldMedianRun: Record<string, number>;
  /** /CourierPage, cold: until it shows the courier's delivery in progress. */
  dashboardCold: FirstOpenTimes;
}

/**
 * Runs in the page from its first script: every frame, checks whether all `selectors` match and
 * the loading screen is gone, and keeps the time of the first frame they were
 * (window.__shownAt). A string, as tsx would add helpers to a function that the page lacks.
 */
const watchShown = (selectors: string[]) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const frame = () => {
    const shown =
      document.querySelector('.nav-loading') === null &&
      selectors.every((s) => document.querySelector(s) !== null);
    if (shown) window.__shownAt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/** The delivery screen: its title, its first action, the map's markers and a drawn tile. */
const DELIVERY_SHOWN = [
  '.nav-info h1',
  '.nav-actions button',
  '.leaflet-marker-icon.map-marker-pickup',
  '.leaflet-marker-icon.map-marker-dropoff',
  '.leaflet-marker-icon.map-marker-courier',
  'img.leaflet-tile.leaflet-tile-loaded',
];
/** The dashboard: the courier's delivery in progress, ready to open. */
const DASHBOARD_SHOWN = ['.cr-column a[href^="/courierNav/"]'];

/** A browser profile signed in as `username`, as the login form leaves it, and nothing else. */
async function signedInProfile(baseURL: string, username: string): Promise<BrowserContextOptions> {
  const api = await request.newContext({ baseURL });
  try {
    const res = await api.post('/api/login', {
      data: { email: `${username}@sfsu.edu`, password: DEMO_PASSWORD },
    });
    if (!res.ok()) throw new Error(`login ${username}: ${res.status()}`);
    const { user } = (await res.json()) as { user: unknown };
    const { cookies } = await api.storageState();
    return {
      storageState: {
        cookies,
        origins: [
          {
            origin: baseURL,
            localStorage: [
              { name: 'user', value: JSON.stringify(user) },
              // Far enough ahead for every run.
              { name: 'sessionExpiry', value: String(Date.now() + SESSION_MS) },
            ],
          },
        ],
      },
    };
  } finally {
    await api.dispose();
  }
}

type Shown = { shownMs: number; marks: Record<string, number> };

/** Waits for the watcher's frame; when it does not come, says what is missing. */
async function waitShown(page: Page, what: string, selectors: string[]) {
  await page
    .waitForFunction(() => (window as { __shownAt?: number }).__shownAt !== undefined, {
      timeout: 30_000,
      polling: 100,
    })
    .catch(async (error: unknown) => {
      const missing = await page.evaluate(
        (all) => [...all, '.nav-loading'].filter((s) => document.querySelector(s) === null),
        selectors,
      );
      throw new Error(`${what} not shown: missing ${missing.join(', ')} (${String(error)})`);
    });
}

/** The page at Lighthouse's CPU slowdown. */
async function slowed(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Opens `path` in a new page of `context`: ms from navigation start to the shown frame. */
async function openPage(context: BrowserContext, path: string, selectors: string[]) {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchShown(selectors));
    await slowed(page);
    await page.goto(path, { waitUntil: 'commit' });
    await waitShown(page, path, selectors);
    return await page.evaluate((): Shown => {
      const ends: Record<string, number> = {};
      for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        const url = new URL(e.name);
        const name = url.pathname.startsWith('/api/')
          ? url.pathname.replace(/\/\d+(?=\/|$)/g, '/{id}')
          : url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')
            ? 'last script'
            : url.origin !== location.origin && url.pathname.endsWith('.png')
              ? 'first tile'
              : null;
        if (!name) continue;
        const end = Math.round(e.responseEnd);
        if (name === 'first tile') ends[name] = Math.min(ends[name] ?? Infinity, end);
        else ends[name] = Math.max(ends[name] ?? 0, end);
      }
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      // The app's own marks (main.tsx: the saved cache restored, the first render).
      for (const mark of performance.getEntriesByType('mark')) {
        ends[mark.name] = Math.round(mark.startTime);
      }
      return {
        shownMs: Math.round((window as unknown as { __shownAt: number }).__shownAt),
        marks: { ...(fcp && { 'first contentful paint': Math.round(fcp.startTime) }), ...ends },
      };
    });
  } finally {
    await page.close();
  }
}

/**
 * A courier whose phone has the app (signed in, the service worker installed with every chunk):
 * on the dashboard, the tap on the delivery in progress to its screen shown; then the screen
 * opened in a new tab, its first open in that tab.
 */
async function withAppInstalled(context: BrowserContext, deliveryId: number) {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchShown(DELIVERY_SHOWN));
    await page.goto('/CourierPage');
    const link = page.locator(`.cr-column a[href="/courierNav/${deliveryId}"]`);
    await link.waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // A person reads the dashboard before tapping: the page has its idle moments meanwhile.
    await page.waitForTimeout(1500);
    await slowed(page);
    const tapAt = await page.evaluate((href) => {
      const at = performance.now();
      document.querySelector<HTMLAnchorElement>(`.cr-column a[href="${href}"]`)!.click();
      return at;
    }, `/courierNav/${deliveryId}`);
    await waitShown(page, 'the tap on the dashboard', DELIVERY_SHOWN);
    const shownAt = await page.evaluate(
      () => (window as unknown as { __shownAt: number }).__shownAt,
    );
    const tap = Math.round(shownAt - tapAt);
    // The app put away and opened again at the screen (one tab at a time, as on a phone).
    await page.close();
    const newTab = await openPage(context, `/courierNav/${deliveryId}`, DELIVERY_SHOWN);
    return { tap, newTab };
  } finally {
    if (!page.isClosed()) await page.close();
  }
}

export async function runCourierFirstOpen(baseURL: string): Promise<CourierFirstOpenResult> {
  const maria = await signedIn(baseURL, 'maria');
  const tom = await signedIn(baseURL, 'tom');
  const browser = await launchBrowser();
  try {
    const { deliveryId } = await assignedToTom(baseURL, maria, tom);
    const phone: BrowserContextOptions = {
      ...(await signedInProfile(baseURL, 'tom')),
      baseURL,
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: POSITION,
    };
    const cold: Shown[] = [];
    const dashboard: number[] = [];
    const tap: number[] = [];
    const newTab: Shown[] = [];
    for (let run = 0; run < RUNS; run++) {
      const bare = await browser.newContext({ ...phone, serviceWorkers: 'block' });
      try {
        cold.push(await openPage(bare, `/courierNav/${deliveryId}`, DELIVERY_SHOWN));
      } finally {
        await bare.close();
      }
      const bareToo = await browser.newContext({ ...phone, serviceWorkers: 'block' });
      try {
        dashboard.push((await openPage(bareToo, '/CourierPage', DASHBOARD_SHOWN)).shownMs);
      } finally {
        await bareToo.close();
      }
      const installed = await browser.newContext(phone);
      try {
        const times = await withAppInstalled(installed, deliveryId);
        tap.push(times.tap);
        newTab.push(times.newTab);
      } finally {
        await installed.close();
      }
    }
    const times = summarizeRuns(cold.map((s) => s.shownMs));
    const median = cold.find((s) => s.shownMs === times.medianMs)!;
    const tabTimes = summarizeRuns(newTab.map((s) => s.shownMs));
    const tabMedian = newTab.find((s) => s.shownMs === tabTimes.medianMs)!;
    return {
      fromDashboard: summarizeRuns(tap),
      installedNewTab: tabTimes,
      installedNewTabMedianRun: { ...tabMedian.marks, shown: tabMedian.shownMs },
      cold: times,
      coldMedianRun: { ...median.marks, shown: median.shownMs },
      dashboardCold: summarizeRuns(dashboard),
    };
  } finally {
    await browser.close();
    await maria.api.dispose();
    await tom.api.dispose();
  }
}
