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
 * to run, 27-48 ms of main-thread time holding nothing of the page's.) The Chrome the person
 * signed in with is closed as a person closes it, so that it writes its cookies to the profile:
 * killed, it kept none, and every screen measured was the sign-in page it sent the browser to
 * (lighthouse.ts now fails a run that ends on another page).
 *
 * runLighthouseAfterSignIn measures the other way people reach these screens: just after
 * signing in through the form, in the same browser, while the service worker the sign-in page
 * registered is still installing (the app's caches not yet filled): each run in a fresh profile,
 * the sign-in tab left open, Lighthouse on the screen in a new tab at once with storage kept.
 * (With the sign-in tab closed first, the new tab is put in the renderer process the installing
 * service worker keeps alive, which still holds the closed page's heap; Lighthouse's debugger
 * then walks that heap as it attaches, a task of 60-100 ms at the start of every run that is
 * Lighthouse's own and no phone runs.)
 */
import { chromium, type Browser } from '@playwright/test';
import type { LaunchedChrome } from 'chrome-launcher';
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
      await closeChrome(browser, chrome);
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

/** Closes Chrome as a person does (it writes its cookies and storage to the profile), then waits for it to exit. */
async function closeChrome(browser: Browser, chrome: LaunchedChrome): Promise<void> {
  const exited = new Promise((resolve) => chrome.process.once('exit', resolve));
  const cdp = await browser.newBrowserCDPSession();
  await cdp.send('Browser.close').catch(() => undefined);
  await exited;
}

export type AfterSignInPage = 'orderStatus' | 'courierPage';
export type AfterSignInResult = Record<
  AfterSignInPage,
  PageScores & {
    /** What the sign-in page's service worker was doing as each run began (installing, activated...). */
    serviceWorker: string[];
  }
>;

/**
 * Lighthouse on Order Status (the demo buyer) and the courier's dashboard (the demo courier)
 * just after signing in through the form, in the same browser: see the top of this file.
 */
export async function runLighthouseAfterSignIn(baseUrl: string): Promise<AfterSignInResult> {
  const visits: [AfterSignInPage, string, string][] = [
    ['orderStatus', 'maria', '/OrderStatus'],
    ['courierPage', 'jace', '/CourierPage'],
  ];
  const result = {} as AfterSignInResult;
  for (const [name, username, path] of visits) {
    const serviceWorker: string[] = [];
    // Each run: a fresh profile, the person signs in, and the screen is audited at once.
    const signedInChrome = async (): Promise<LaunchedChrome> => {
      const chrome = await launchChrome(AFTER_SIGN_IN_PROFILE);
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        const page = await browser.contexts()[0]!.newPage();
        await signInOnPage(page, username, baseUrl);
        serviceWorker.push(
          await page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            if (!registration) return 'not registered';
            if (registration.installing) return 'installing';
            return registration.waiting ? 'waiting' : (registration.active?.state ?? 'none');
          }),
        );
      } catch (error) {
        chrome.kill();
        throw error;
      } finally {
        // Only the connection goes: the sign-in tab stays open in the browser.
        await browser.close().catch(() => undefined);
      }
      return chrome;
    };
    const { [name]: scores } = await measurePages(
      signedInChrome,
      { [name]: new URL(path, baseUrl).href } as Record<AfterSignInPage, string>,
      { keepStorage: true },
    );
    result[name] = { ...scores, serviceWorker };
  }
  return result;
}

const AFTER_SIGN_IN_PROFILE = 'lighthouse-after-sign-in-profile';
