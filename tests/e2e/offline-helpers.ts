import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Waits until the service worker is active and controls `page` (first visit claims it). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
        once: true,
      }),
    );
  });
}

/** Really offline: the browser's network is cut, for pages and the service worker alike. */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
}

/** Reads a PNG's width and height from its header. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Signs in through the real login form, as a person would. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The query keys the app has saved to IndexedDB for offline use (lib/persist.ts). */
export function savedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('campus-cache');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains('queries')) return [];
    const saved = await new Promise<unknown[]>((resolve, reject) => {
      const all = db.transaction('queries').objectStore('queries').getAll();
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    });
    db.close();
    return saved.flatMap((client) =>
      (client as { clientState: { queries: { queryKey: unknown }[] } }).clientState.queries.map(
        (q) => JSON.stringify(q.queryKey),
      ),
    );
  });
}

/** Waits until the app has saved a query (the screen's data is then readable offline). */
export async function waitForSaved(page: Page, queryKey: unknown[]): Promise<void> {
  await expect.poll(() => savedQueryKeys(page)).toContain(JSON.stringify(queryKey));
}

/** The test server has no map tiles: a blank one stands in (as H3's journeys do). */
export async function blankTiles(context: BrowserContext): Promise<void> {
  await context.route('**/tiles/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    }),
  );
}
