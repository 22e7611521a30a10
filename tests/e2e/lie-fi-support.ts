/**
 * Journeys on campus Wi-Fi that lies: the browser opens the app through a loopback proxy
 * (tests/fixtures/lie-fi-proxy.ts) that the test stalls or slows while `navigator.onLine` stays
 * true. The proxy has its own port, so its origin has its own service worker and storage.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { startLieFiProxy, type LieFiProxy } from '../fixtures/lie-fi-proxy';
import { expect } from './fixtures';
import { verifiedStudent } from './mailbox';
import { standInPort } from './map-support';
import { test as base } from './offline-helpers';

export const test = base.extend<
  {
    wifi: LieFiProxy;
  },
  { lieFi: LieFiProxy }
>({
  lieFi: [
    async ({ workerServer }, use) => {
      const app = Number(new URL(workerServer.url).port);
      const proxy = await startLieFiProxy({ port: app }, standInPort(3));
      await use(proxy);
      await proxy.close();
    },
    { scope: 'worker' },
  ],
  // Every test starts and ends on a working network.
  wifi: async ({ lieFi }, use) => {
    lieFi.pass();
    await use(lieFi);
    lieFi.pass();
  },
  // The browser goes through the proxy; `appURL` stays the app itself.
  baseURL: async ({ lieFi }, use) => use(lieFi.url),
});

export { expect };

/**
 * Takes the console lines a lost connection makes off the list (the test's premise): the
 * browser logs a request the app gave up on at its deadline, or one that found no connection.
 */
export function forgetNetworkErrors(errors: string[]): void {
  const lost = /net::ERR_(ABORTED|EMPTY_RESPONSE|CONNECTION_CLOSED|CONNECTION_RESET|TIMED_OUT)/;
  errors.splice(0, errors.length, ...errors.filter((e) => !lost.test(e)));
}

/** The messages `api` (signed in) has about a listing, by text. */
export async function messagesWith(api: APIRequestContext, content: string) {
  const res = await api.get('/api/direct_message');
  const all = (await res.json()) as { content: string }[];
  return all.filter((m) => m.content === content);
}

/** The app has started in `page` and a service worker controls it (cached shell, assets). */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
}

/** A new student with a confirmed campus address, signed in to the app's API directly. */
export async function newStudent(
  newContext: (options: { baseURL: string }) => Promise<APIRequestContext>,
  appURL: string,
) {
  const api = await newContext({ baseURL: appURL });
  const username = `liefi${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${username}@sfsu.edu`;
  await verifiedStudent(api, username, { firstName: 'Lie', lastName: 'Fi' });
  return { api, email };
}
