/**
 * Web Push from the server to the service worker, in real Chromium against the built server.
 * The server sends to a stand-in push service on another origin (https, its certificate
 * trusted through NODE_EXTRA_CA_CERTS as in production), which checks and decrypts each message
 * as Google's or Mozilla's would; Chromium's DevTools protocol then delivers it to the page's
 * service worker registration (ServiceWorker.deliverPushMessage), the last hop a push service
 * makes. The worker shows it; a tap on it opens its screen.
 *
 * Headless Chromium cannot subscribe at Google's push service here (no outside network), so the
 * buyer's device is registered with the stand-in's keys, as pushManager.subscribe() would have
 * registered it with Google's. And no protocol can tap a notification: the worker's own click
 * handler is run with the notification it showed, by an event dispatched inside the worker.
 * Browsers allow focusing or opening a window only during a real tap, so what is checked is
 * the path of a person whose app is open in the background: the window moves to the screen.
 */
import { request as apiRequest, type BrowserContext, type Page } from '@playwright/test';
import {
  pushCertificate,
  startPushService,
  type PushService,
  type ReceivedPush,
} from '../../fixtures/push-service';
import { freePort } from '../../fixtures/ports';
import {
  countConsoleErrors,
  DEMO_PASSWORD,
  demoEmail,
  expect,
  signInWithForm,
  test,
} from '../fixtures';
import { startAppServer, type AppServer } from '../map-support';
import { waitForServiceWorker } from '../offline-helpers';

let service: PushService;
let app: AppServer;
let certDir: string;

test.beforeAll(async () => {
  const cert = pushCertificate();
  certDir = cert.dir;
  service = await startPushService({ certDir });
  app = await startAppServer(await freePort(), {
    NODE_EXTRA_CA_CERTS: cert.certFile,
    PUSH_SERVICE_ORIGINS: service.origin,
  });
});
test.afterAll(async () => {
  await app?.stop();
  await service?.close();
});

/** Someone's API session on the push test server (a second phone, for the other people). */
async function apiAs(username: string) {
  const request = await apiRequest.newContext({ baseURL: app.url });
  const res = await request.post('/api/login', {
    data: { email: demoEmail(username), password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { user } = (await res.json()) as { user: { user_id: number } };
  return { request, user };
}

/** An active listing of ben's that the signed-in buyer has not asked delivery of yet. */
async function listingNotAskedFor(page: Page) {
  const asked = (await (await page.request.get('/api/delivery_request')).json()) as {
    listing_id: number;
  }[];
  const all = (await (await page.request.get('/api/all')).json()) as {
    listing_id: number;
    title: string;
    username: string;
    listing_status: string;
  }[];
  const listing = all.find(
    (l) =>
      l.username === 'ben' &&
      l.listing_status === 'Active' &&
      !asked.some((r) => r.listing_id === l.listing_id),
  );
  expect(listing, 'a listing of ben not asked for yet').toBeDefined();
  return listing!;
}

/** What a push service does last: hands the message to the browser's registration. */
async function deliverToBrowser(context: BrowserContext, page: Page, push: ReceivedPush) {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  const versions: { registrationId: string; status: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  cdp.on('ServiceWorker.workerVersionUpdated', (e) => versions.push(...e.versions));
  await cdp.send('ServiceWorker.enable');
  // A push goes to the registration's active worker: wait until the browser reports one.
  const active = () =>
    registrations.find(
      (r) =>
        !r.isDeleted &&
        versions.some((v) => v.registrationId === r.registrationId && v.status === 'activated'),
    );
  await expect.poll(() => active() !== undefined).toBe(true);
  // The session stays attached (it ends with the page): detaching at once could race the
  // dispatch of the push event.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: app.url,
    registrationId: active()!.registrationId,
    data: JSON.stringify(push.payload),
  });
}

/** The notifications the service worker is showing. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: (n as Notification & { badge: string }).badge,
      data: n.data as unknown,
    }));
  });

test('a push from the server is shown by the service worker, and a tap opens Order Status', async ({
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: app.url, permissions: ['notifications'] });
  const page = await context.newPage();
  countConsoleErrors(page, consoleErrors);
  await signInWithForm(page, 'maria');
  const ben = await apiAs('ben');
  const tom = await apiAs('tom');

  const listing = await listingNotAskedFor(page);
  await test.step('the buyer asks for delivery, and is offered notifications', async () => {
    await page.goto(`/productListing/${listing.listing_id}`);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Get Item Delivered' }).click();
    await page.getByLabel('Dropoff Location').selectOption('Library');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('button', { name: 'Request Already Sent' })).toBeDisabled();
    await expect(page.getByRole('region', { name: 'Notifications on this device' })).toContainText(
      'when a courier picks up and drops off your item',
    );
  });

  // The device, registered at the push service as the browser's subscription would be.
  const device = service.device();
  const subscribed = await page.request.post('/api/push-subscriptions', {
    data: device.subscription,
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);

  await test.step('the seller accepts, a courier picks it up: the server pushes each step', async () => {
    const mine = await page.request.get('/api/delivery_request');
    const request = (
      (await mine.json()) as { delivery_request_id: number; listing_id: number }[]
    ).find((r) => r.listing_id === listing.listing_id)!;
    const accepted = await ben.request.post(
      `/api/delivery_instruction/request/accept/${request.delivery_request_id}`,
      { data: { pickup: 'Cafe 101', vendor_special_request: '' } },
    );
    expect(accepted.status(), await accepted.text()).toBe(201);
    const { delivery_id } = (await accepted.json()) as { delivery_id: number };
    for (const delivery_status of ['Assigned', 'Picked Up']) {
      const moved = await tom.request.put(`/api/delivery_instruction/${delivery_id}`, {
        data: {
          delivery_status,
          ...(delivery_status === 'Assigned' && { courier_id: tom.user.user_id }),
        },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const pushes = await service.waitFor(2, device, 30_000);
    expect(pushes.map((p) => (p.payload as { title: string }).title)).toEqual([
      `Accepted: ${listing.title}`,
      `Picked up: ${listing.title}`,
    ]);
    expect(service.rejected).toEqual([]);
  });

  await test.step('the service worker shows each; the newer replaces the older (one tag per order)', async () => {
    const [accepted, pickedUp] = service.deliveredTo(device) as [ReceivedPush, ReceivedPush];
    await page.goto('/aboutTeam');
    await waitForServiceWorker(page);
    await deliverToBrowser(context, page, accepted);
    await expect.poll(() => shownNotifications(page)).toHaveLength(1);
    await deliverToBrowser(context, page, pickedUp);
    const payload = pickedUp.payload as { title: string; body: string; url: string; tag: string };
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: `Picked up: ${listing.title}`,
          body: 'Your courier has it and is on the way to Library.',
          tag: payload.tag,
          icon: `${app.url}/icons/icon-192.png`,
          badge: `${app.url}/icons/badge-96.png`,
          data: { url: '/OrderStatus' },
        },
      ]);
  });

  await test.step('a tap on it brings the app to Order Status', async () => {
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'))!;
    await worker.evaluate(async () => {
      // Inside the service worker (its own types, not the page's).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent: (event: Event) => boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(
        new scope.NotificationEvent('notificationclick', { notification: notification! }),
      );
    });
    await expect(page).toHaveURL(/\/OrderStatus$/);
    await expect(page.getByRole('heading', { name: 'Order Status' })).toBeVisible();
    await expect(page.getByRole('link').filter({ hasText: listing.title }).first()).toContainText(
      'Status: Picked Up',
    );
    // The tap also took the notification away.
    await expect.poll(() => shownNotifications(page)).toEqual([]);
  });

  await context.close();
  await ben.request.dispose();
  await tom.request.dispose();
});

test('a courier is offered push once on shift, and the browser asks only after the tap', async ({
  browser,
  consoleErrors,
}) => {
  const context = await browser.newContext({ baseURL: app.url });
  // Counts the browser's permission prompts, and answers as a person choosing Block would.
  await context.addInitScript(() => {
    const asks = { count: 0 };
    Object.assign(window, { permissionAsks: asks });
    Notification.requestPermission = async () => {
      asks.count += 1;
      return 'denied';
    };
  });
  const page = await context.newPage();
  countConsoleErrors(page, consoleErrors);
  const asks = () =>
    page.evaluate(
      () => (window as unknown as { permissionAsks: { count: number } }).permissionAsks.count,
    );
  await signInWithForm(page, 'tom');
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.goto('/CourierPage');
  await expect(page.getByRole('heading', { name: 'Courier Dashboard' })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Notifications on this device' });
  if (await page.getByRole('button', { name: 'END SHIFT' }).isVisible()) {
    await page.getByRole('button', { name: 'END SHIFT' }).click();
  }
  await page.getByRole('button', { name: 'Available for Work' }).click();
  await expect(offer).toContainText('when a new delivery is available while you are on shift');
  expect(await asks()).toBe(0);
  await offer.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'blocked' })).toBeVisible();
  expect(await asks()).toBe(1);
  await page.getByRole('button', { name: 'END SHIFT' }).click();
  await context.close();
});
