/**
 * Repeat visit: first-contentful-paint of the home page served by the service worker over that
 * of a first visit, on the same emulated phone network, in Chromium.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { CAMPUS_NETWORK, launchBrowser } from './lib/browser.js';

export interface RepeatVisitResult {
  firstFcpMs: number;
  repeatFcpMs: number;
  ratio: number;
  /** The repeat visit's page came from the service worker. */
  servedByServiceWorker: boolean;
  runs: number;
  network: string;
}

const RUNS = 3;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', CAMPUS_NETWORK);
}

async function fcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const found = performance.getEntriesByName('first-contentful-paint')[0];
        if (found) return resolve(found.startTime);
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) {
            observer.disconnect();
            resolve(entry.startTime);
          }
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

export async function runRepeatVisit(baseUrl: string): Promise<RepeatVisitResult> {
  const browser = await launchBrowser();
  const first: number[] = [];
  const repeat: number[] = [];
  let servedByServiceWorker = true;
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ baseURL: baseUrl });
      const page = await context.newPage();
      await throttle(context, page);
      await page.goto('/', { waitUntil: 'load' });
      first.push(await fcp(page));
      // Let the worker install and precache the app shell before coming back.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.close();

      const again = await context.newPage();
      await throttle(context, again);
      const response = await again.goto('/', { waitUntil: 'load' });
      repeat.push(await fcp(again));
      servedByServiceWorker &&= Boolean(response?.fromServiceWorker());
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const firstFcpMs = Math.round(median(first));
  const repeatFcpMs = Math.round(median(repeat));
  return {
    firstFcpMs,
    repeatFcpMs,
    ratio: Math.round((repeatFcpMs / firstFcpMs) * 100) / 100,
    servedByServiceWorker,
    runs: RUNS,
    network: '150 ms RTT, 1.6 Mbps down (emulated)',
  };
}
