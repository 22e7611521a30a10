/**
 * Live updates by push (GET /api/events): the buyer watches the courier move on the Order
 * Status map, sees the status change, and chats update on both sides, all without a reload.
 *
 * The screens also poll every 10 seconds as the fallback. To show that an update came by push
 * and not by that poll, each change is made right after the watching page's poll answered and
 * must show up within POLL_FREE_MS, well before the next poll is due.
 */
import type { Page } from '@playwright/test';
import { ORDER_STATUS_REFRESH_MS } from '../../../src/shared/constants.js';
import { test, type Actor } from '../delivery-support';
import { expect } from '../fixtures';

const POLL_FREE_MS = 4_000;
const LIBRARY = { latitude: 37.72145, longitude: -122.47785 };

interface Delivery {
  delivery_id: number;
  delivery_request_id: number;
  listing_id: number;
  vendor_id: number;
  courier_id: number | null;
  buyer_id: number;
  pickup: string;
  dropoff: string;
  delivery_status: string;
  title: string | null;
}

/** Resolves when `page` next receives an answer to a GET whose path matches `path`. */
function nextPoll(page: Page, path: RegExp) {
  return page.waitForResponse(
    (res) => res.request().method() === 'GET' && path.test(new URL(res.url()).pathname),
    { timeout: ORDER_STATUS_REFRESH_MS + 5_000 },
  );
}

async function jacesAssignedDelivery(maria: Actor, jace: Actor): Promise<Delivery> {
  const res = await maria.page.request.get('/api/delivery_instruction');
  expect(res.ok()).toBe(true);
  const delivery = ((await res.json()) as Delivery[]).find(
    (d) =>
      d.buyer_id === maria.user.user_id &&
      d.courier_id === jace.user.user_id &&
      d.delivery_status === 'Assigned',
  );
  expect(delivery, 'demo data: a delivery of maria Assigned to jace').toBeDefined();
  return delivery!;
}

test('the buyer watches the courier move and the status change on /OrderStatus, by push', async ({
  people,
}) => {
  test.setTimeout(120_000);
  const maria = await people.demo('maria');
  const jace = await people.demo('jace', { phone: true });
  const delivery = await jacesAssignedDelivery(maria, jace);
  const positionPath = new RegExp(`/api/delivery_instruction/${delivery.delivery_id}/position$`);

  const page = maria.page;
  await page.goto('/OrderStatus');
  const card = page.getByRole('link', { name: delivery.title! });
  const order = page.getByRole('listitem').filter({ has: card });
  await expect(card).toContainText('Status: Assigned');
  const map = order.getByRole('region', { name: `Map of the delivery to ${delivery.dropoff}` });
  // The map starts when it is scrolled to, as a person does.
  await map.scrollIntoViewIfNeeded();
  // Pickup and dropoff are on the map (labelled markers, no tiles needed) before any position.
  await expect(
    map.locator('.map-marker-label', { hasText: `Pick up: ${delivery.pickup}` }),
  ).toBeVisible();
  await expect(
    map.locator('.map-marker-label', { hasText: `Drop off: ${delivery.dropoff}` }),
  ).toBeVisible();
  await expect(map.getByTestId('courier-location')).toHaveText(
    "Waiting for the courier's location…",
  );
  const courier = map.locator('.map-marker-courier');
  await expect(courier).toHaveCount(0);

  await test.step('the courier opens the delivery: the buyer sees where the courier is', async () => {
    await jace.page.goto(`/courierNav/${delivery.delivery_id}`);
    await expect(jace.page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled({
      timeout: 15_000,
    });
    await expect(courier).toBeVisible();
    await expect(courier).toHaveAttribute('data-lat', '37.72232');
    await expect(courier).toHaveAttribute('data-lng', '-122.47852');
    await expect(courier.locator('.map-marker-label')).toHaveText('Courier');
    await expect(map.getByTestId('courier-location')).toContainText("Courier's location at");
  });

  await test.step('the courier walks to the Library: the marker follows without a reload', async () => {
    const before = await courier.boundingBox();
    await nextPoll(page, positionPath);
    await jace.context.setGeolocation(LIBRARY);
    await expect(courier).toHaveAttribute('data-lat', String(LIBRARY.latitude), {
      timeout: POLL_FREE_MS,
    });
    await expect(courier).toHaveAttribute('data-lng', String(LIBRARY.longitude));
    // Leaflet really moved it on screen.
    await expect.poll(async () => (await courier.boundingBox())?.y).not.toBe(before?.y);
    await expect(courier).toBeInViewport();
  });

  await test.step('PICKED UP reaches the buyer at once', async () => {
    await nextPoll(page, /^\/api\/delivery_instruction$/);
    await jace.page.getByRole('button', { name: 'PICKED UP' }).click();
    await expect(card).toContainText('Status: Picked Up', {
      timeout: POLL_FREE_MS,
    });
    // Still under way: the map stays, with the courier on it.
    await expect(courier).toBeVisible();
  });
});

test('a message appears in the other person’s open chat without a reload', async ({ people }) => {
  test.setTimeout(120_000);
  const maria = await people.demo('maria');
  // A seller maria bought from starts a conversation about that listing.
  const deliveries = await maria.page.request.get('/api/delivery_instruction');
  const delivery = ((await deliveries.json()) as Delivery[]).find(
    (d) => d.buyer_id === maria.user.user_id,
  )!;
  const res = await maria.page.request.get(`/api/user/${delivery.vendor_id}`);
  expect(res.ok()).toBe(true);
  const [seller] = (await res.json()) as [{ username: string }];
  const vendor = await people.demo(seller.username);
  const started = await vendor.page.request.post('/api/direct_message', {
    data: {
      sender_id: vendor.user.user_id,
      receiver_id: maria.user.user_id,
      listing_id: delivery.listing_id,
      content: 'Your order is with the courier.',
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const messagesPath = /^\/api\/direct_message$/;

  // maria reads the thread; the seller has the conversation list open.
  await maria.page.goto(`/Chats?c=${delivery.listing_id}-${vendor.user.user_id}`);
  const mariasThread = maria.page.getByRole('list', { name: 'Messages' });
  await expect(mariasThread).toContainText('Your order is with the courier.');
  await vendor.page.goto('/Chats');
  const heading = vendor.page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Messages/);
  await expect(vendor.page.getByRole('list', { name: 'Conversations' })).toBeVisible();
  // Other demo conversations may be unread already: count from here.
  const unread = async () =>
    Number(/(\d+) unread/.exec((await heading.textContent()) ?? '')?.[1] ?? 0);
  const unreadBefore = await unread();

  await test.step('the buyer writes: the seller’s list and unread count update', async () => {
    await nextPoll(vendor.page, messagesPath);
    await maria.page.getByLabel(`Reply to ${seller.username}`).fill('Thanks! See you soon.');
    await maria.page.getByRole('button', { name: 'Send' }).click();
    await expect(vendor.page.getByText('Thanks! See you soon.')).toBeVisible({
      timeout: POLL_FREE_MS,
    });
    await expect.poll(unread).toBe(unreadBefore + 1);
  });

  await test.step('the seller answers in the thread: it appears in the buyer’s thread', async () => {
    await vendor.page.getByText('Thanks! See you soon.').click();
    const reply = vendor.page.getByLabel('Reply to maria');
    await expect(reply).toBeVisible();
    await expect.poll(unread).toBe(unreadBefore);
    await nextPoll(maria.page, messagesPath);
    await reply.fill('On its way to the Library.');
    await vendor.page.getByRole('button', { name: 'Send' }).click();
    await expect(mariasThread).toContainText('On its way to the Library.', {
      timeout: POLL_FREE_MS,
    });
  });

  await test.step('on another page, the seller’s header counts the buyer’s next message', async () => {
    // The header's count does not poll: only the push can bring the new message.
    const menu = vendor.page.getByRole('button', { name: /account menu/ });
    // The button's name comes from its content: "priya account menu, 2 unread messages".
    const headerUnread = async () =>
      Number(/, (\d+) unread/.exec((await menu.textContent()) ?? '')?.[1] ?? 0);
    const connected = vendor.page.waitForResponse((res) => res.url().includes('/api/events'));
    await vendor.page.goto('/');
    await connected;
    await expect.poll(headerUnread).toBe(unreadBefore);
    await maria.page.getByLabel(`Reply to ${seller.username}`).fill('Is the blue one still there?');
    await maria.page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(headerUnread, { timeout: POLL_FREE_MS }).toBe(unreadBefore + 1);
    await menu.click();
    await expect(
      vendor.page.getByRole('link', { name: `Message ${unreadBefore + 1} unread` }),
    ).toBeVisible();
  });
});

test('Leaflet loads only with a live map, never with the home page or Order Status itself', async ({
  people,
}) => {
  const student = await people.student('maps');
  const maria = await people.demo('maria');
  /** Whether any script or stylesheet the page loaded so far carries Leaflet. */
  const watch = (page: Page) => {
    const bodies: Promise<string>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type === 'script' || type === 'stylesheet') bodies.push(res.text().catch(() => ''));
    });
    return async () => (await Promise.all(bodies)).some((b) => b.includes('leaflet-container'));
  };

  const home = watch(student.page);
  await student.page.goto('/');
  await expect(student.page.getByRole('searchbox', { name: 'Search listings' })).toBeVisible();
  await student.page.goto('/OrderStatus');
  await expect(student.page.getByText('No orders yet.')).toBeVisible();
  expect(await home()).toBe(false);

  // An order under way brings the map, and with it Leaflet.
  const orders = watch(maria.page);
  await maria.page.goto('/OrderStatus');
  await maria.page
    .getByRole('region', { name: /^Map of the delivery/ })
    .first()
    .scrollIntoViewIfNeeded();
  await expect(maria.page.locator('.map-marker-pickup').first()).toBeVisible();
  expect(await orders()).toBe(true);
});
