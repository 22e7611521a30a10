/**
 * Lighthouse (mobile preset) on the screens people use once signed in, as they come back to them:
 * each person signs in through the app's own form in the Chrome profile Lighthouse then audits
 * with its storage kept (cookies, caches, the service worker). The demo data's buyer has orders
 * in every state; its courier has an Assigned delivery; the seller of one of the buyer's pending
 * requests opens their delivery requests. TILE_URL names a local tile host, so the maps' tiles
 * load as they would from a real one. Median of BENCH_LIGHTHOUSE_RUNS (default 5) per page.
 *
 * Each run is in a Chrome started for it on that profile, as a person comes back to the app:
 * opened afresh, signed in, with the app's caches and service worker. (Runs one after the other
 * in one Chrome measured the earlier runs too: the first task of each navigation grew from run
 * to run, 27-48 ms of main-thread time holding nothing of the page's.)
 */
import { chromium } from '@playwright/test';
import type { DeliveryRequest, OwnDeliveryInstruction } from '#shared/schemas/deliveries.js';
import { API } from '#shared/api-paths.js';
import { signedIn, signInOnPage } from './lib/demo-delivery.js';
import { launchChrome, measurePages, type PageScores } from './lighthouse.js';

export type SignedInPage =
  'orderStatus' | 'chats' | 'profile' | 'courierPage' | 'courierNav' | 'vendorRequests';
export type SignedInResult = Record<SignedInPage, PageScores>;

/** Who opens which screens: the demo buyer, a courier with an Assigned delivery, a seller. */
async function demoPeople(baseUrl: string) {
  const maria = await signedIn(baseUrl, 'maria');
  const jace = await signedIn(baseUrl, 'jace');
  try {
    const requests = (await (
      await maria.api.get(API.deliveryRequests)
    ).json()) as DeliveryRequest[];
    const pending = requests.find((r) => r.buyer_id === maria.userId && r.status === 'Pending');
    if (!pending) throw new Error('the demo buyer has no pending request');
    // The spec's answer is a list of one.
    const [seller] = (await (await maria.api.get(API.user(pending.vendor_id))).json()) as {
      username: string;
    }[];
    if (!seller) throw new Error(`no user ${pending.vendor_id}`);
    const carried = (await (
      await jace.api.get(API.courierDeliveries(jace.userId))
    ).json()) as OwnDeliveryInstruction[];
    const assigned = carried.find((d) => d.delivery_status === 'Assigned');
    if (!assigned) throw new Error('the demo courier has no Assigned delivery');
    return { seller: seller.username, assignedId: assigned.delivery_id };
  } finally {
    await maria.api.dispose();
    await jace.api.dispose();
  }
}

export async function runLighthouseSignedIn(baseUrl: string): Promise<SignedInResult> {
  const { seller, assignedId } = await demoPeople(baseUrl);
  const visits: [string, Partial<Record<SignedInPage, string>>][] = [
    ['maria', { orderStatus: '/OrderStatus', chats: '/Chats', profile: '/RealUserProfile' }],
    ['jace', { courierPage: '/CourierPage', courierNav: `/courierNav/${assignedId}` }],
    [seller, { vendorRequests: '/vendorDeliveryRequest' }],
  ];
  const result = {} as SignedInResult;
  for (const [username, pages] of visits) {
    // The form, in the profile Lighthouse audits: the session cookie it sets is the person's.
    const chrome = await launchChrome(PROFILE);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    try {
      const page = await browser.contexts()[0]!.newPage();
      await signInOnPage(page, username, baseUrl);
      // The service worker installed and the saved cache written (at most a second after a
      // change), as after a real visit.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.waitForTimeout(2000);
      await page.close();
    } finally {
      await browser.close().catch(() => undefined);
      chrome.kill();
    }
    const urls = Object.fromEntries(
      Object.entries(pages).map(([name, path]) => [name, new URL(path!, baseUrl).href]),
    );
    const reopen = () => launchChrome(PROFILE, { keepProfile: true });
    Object.assign(result, await measurePages(reopen, urls, { keepStorage: true }));
  }
  return result;
}

const PROFILE = 'lighthouse-signed-in-profile';
