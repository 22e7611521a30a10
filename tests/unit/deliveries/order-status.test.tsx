import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderStatusPage } from '#client/features/deliveries/buyer/order-status-page.js';
import { ORDER_STATUS_REFRESH_MS } from '#shared/constants.js';
import type { DeliveryRequest, OwnDeliveryInstruction } from '#shared/schemas/deliveries.js';
import type { Sale } from '#shared/schemas/sales.js';
import {
  SELLER_CANNOT_DELIVER,
  WAITING_FOR_COURIER,
  WAITING_FOR_SELLER,
} from '#client/features/deliveries/buyer/status-explanation.js';
import { makeDelivery, makeRequest, signIn } from '../support/data';
import { never, reply, stubApi, type Routes } from '../support/fetch-stub';
import { currentPath, itSendsSignedOutToLogin, renderAt } from '../support/render';

const REQUESTS = 'GET /api/delivery_request';
const DELIVERIES = 'GET /api/delivery_instruction';
const open = () => renderAt(<OrderStatusPage />, { path: '/OrderStatus' });

afterEach(() => {
  vi.useRealTimers();
});

describe('order status', () => {
  itSendsSignedOutToLogin(open);

  it("lists the buyer's orders with the delivery's status, else the request's", async () => {
    signIn();
    stubApi({
      [REQUESTS]: [
        makeRequest({
          delivery_request_id: 1,
          listing_id: 11,
          title: 'Desk lamp',
          thumbnail: '/uploads/lamp.webp',
          status: 'Approved',
          dropoff: 'Library',
          buyer_special_request: 'Text me',
        }),
        makeRequest({
          delivery_request_id: 2,
          listing_id: 12,
          title: 'Rice cooker',
          thumbnail: null,
          status: 'Denied',
          dropoff: 'Annex 1',
          buyer_special_request: '',
          decline_reason: 'Sold to another buyer',
        }),
        // The server also returns requests made to this user as a seller: not orders.
        makeRequest({ delivery_request_id: 3, buyer_id: 99, vendor_id: 7, title: 'Sold thing' }),
      ],
      [DELIVERIES]: [
        makeDelivery({ listing_id: 11, buyer_id: 7, delivery_status: 'Picked Up' }),
        makeDelivery({ listing_id: 12, buyer_id: 99, vendor_id: 7, delivery_status: 'Assigned' }),
      ],
    });
    const { user, router } = open();
    expect(screen.getByRole('heading', { name: 'Order Status' })).toBeVisible();
    expect(screen.getByText('Loading…')).toBeVisible();

    // Order cards are the links to a listing; the live map of a moving order (loaded lazily,
    // sooner or later) brings attribution links of its own.
    await screen.findByRole('link', { name: /Desk lamp/ });
    const links = screen
      .getAllByRole('link')
      .filter((l) => l.getAttribute('href')?.startsWith('/productListing/'));
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/productListing/11',
      '/productListing/12',
    ]);
    const [lamp, cooker] = links as [HTMLElement, HTMLElement];
    expect(within(lamp).getByRole('img', { name: 'Desk lamp' })).toBeVisible();
    expect(lamp).toHaveTextContent('Drop-off: Library');
    expect(lamp).toHaveTextContent('Status: Picked Up');
    expect(lamp).toHaveTextContent('Note: Text me');
    expect(within(cooker).getByText('No Image')).toBeVisible();
    expect(cooker).toHaveTextContent('Rice cooker');
    expect(cooker).toHaveTextContent('Drop-off: Annex 1');
    // Another user's delivery of the same listing does not count.
    expect(cooker).toHaveTextContent('Status: Denied (Sold to another buyer)');
    expect(cooker).not.toHaveTextContent('Note:');
    expect(screen.queryByText('Sold thing')).toBeNull();

    await user.click(screen.getByRole('button', { name: '← Back to Profile' }));
    expect(currentPath(router)).toBe('/RealUserProfile');
  });

  it('dates each order, names its courier and says what its status means', async () => {
    signIn();
    const request = (id: number, status: DeliveryRequest['status'], title: string) =>
      makeRequest({ delivery_request_id: id, listing_id: 100 + id, status, title });
    const delivery = (id: number, overrides: Partial<OwnDeliveryInstruction>) =>
      makeDelivery({
        delivery_id: 50 + id,
        delivery_request_id: id,
        listing_id: 100 + id,
        buyer_id: 7,
        ...overrides,
      });
    stubApi({
      [REQUESTS]: [
        request(1, 'Pending', 'Asked lamp'),
        request(2, 'Denied', 'Refused chair'),
        request(3, 'Approved', 'Waiting desk'),
        request(4, 'Approved', 'Dropped rug'),
        request(5, 'Approved', 'Carried book'),
      ],
      [DELIVERIES]: [
        delivery(3, {
          delivery_status: 'Unassigned',
          courier_id: null,
          courier_first_name: null,
          courier_gave_up: 0,
        }),
        delivery(4, {
          delivery_status: 'Unassigned',
          courier_id: null,
          courier_first_name: null,
          courier_gave_up: 1,
        }),
        delivery(5, {
          delivery_status: 'Picked Up',
          courier_id: 8,
          courier_first_name: 'Jace',
          courier_gave_up: 0,
        }),
      ],
    });
    open();
    const card = async (title: string) => screen.findByRole('link', { name: new RegExp(title) });
    const asked = await card('Asked lamp');
    expect(asked).toHaveTextContent('Ordered: 11/20/2026');
    expect(asked).toHaveTextContent(WAITING_FOR_SELLER);
    expect(asked).not.toHaveTextContent('Courier:');
    expect(await card('Refused chair')).toHaveTextContent(SELLER_CANNOT_DELIVER);
    expect(await card('Waiting desk')).toHaveTextContent(WAITING_FOR_COURIER);
    expect(await card('Dropped rug')).toHaveTextContent('looking for a new courier');
    const carried = await card('Carried book');
    expect(carried).toHaveTextContent('Courier: Jace');
    expect(carried).toHaveTextContent('Jace has your item and is bringing it to Library.');
  });

  it('lists purchases handed over at a meeting on campus beside the orders, newest first', async () => {
    signIn();
    const sale = (o: Partial<Sale>): Sale => ({
      sale_id: 1,
      listing_id: 21,
      title: 'Bookshelf',
      thumbnail: null,
      seller_id: 3,
      seller_username: 'priya',
      buyer_id: 7,
      buyer_username: 'maria',
      agreed_price: 35,
      how: 'meeting',
      location: 'Library',
      at: '2026-11-21T18:30:00.000Z',
      ...o,
    });
    stubApi({
      [REQUESTS]: [makeRequest({ listing_id: 11, title: 'Desk lamp', dropoff: 'Annex 1' })],
      [DELIVERIES]: [],
      'GET /api/purchases': [
        sale({}),
        // Delivered ones are orders already; "Mark as Sold" ones were not handed over here.
        sale({ sale_id: 2, listing_id: 11, title: 'Desk lamp', how: 'delivery', location: null }),
        sale({ sale_id: 3, listing_id: 31, title: 'Chair', how: 'other', location: null }),
      ],
    });
    open();
    await screen.findByRole('link', { name: /Bookshelf/ });
    const links = screen
      .getAllByRole('link')
      .filter((l) => l.getAttribute('href')?.startsWith('/productListing/'));
    // The purchase (Nov 21) before the order (Nov 20).
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/productListing/21',
      '/productListing/11',
    ]);
    const [shelf] = links as [HTMLElement];
    expect(within(shelf).getByText('No Image')).toBeVisible();
    expect(shelf).toHaveTextContent('Meeting spot: Library');
    expect(shelf).toHaveTextContent('Status: Completed');
    expect(shelf).toHaveTextContent('You met priya on campus and paid $35.00.');
    expect(shelf).not.toHaveTextContent('Drop-off:');
  });

  it('says No orders yet. when there are none', async () => {
    signIn();
    stubApi({ [REQUESTS]: [], [DELIVERIES]: [] });
    open();
    expect(await screen.findByText('No orders yet.')).toBeVisible();
  });

  it('shows Error: with the failing call', async () => {
    signIn();
    stubApi({ [REQUESTS]: reply(500, {}), [DELIVERIES]: [] });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Failed to fetch delivery requests',
    );
  });

  it('shows Error: when the deliveries cannot be read', async () => {
    signIn();
    stubApi({ [REQUESTS]: [], [DELIVERIES]: reply(500, {}) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Failed to fetch delivery instructions',
    );
  });

  it('stays on Loading… until both lists arrive', () => {
    signIn();
    stubApi({ [REQUESTS]: [], [DELIVERIES]: never });
    open();
    expect(screen.getByText('Loading…')).toBeVisible();
  });

  it('refreshes every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const api = stubApi({
      [REQUESTS]: [makeRequest({ listing_id: 11, status: 'Approved', title: 'Desk lamp' })],
      [DELIVERIES]: [makeDelivery({ listing_id: 11, buyer_id: 7, delivery_status: 'Assigned' })],
    });
    open();
    // Busy machines render slowly: wait for the page, not for a fixed second.
    // The card is named by its listing; the live map may add attribution links beside it.
    const card = await screen.findByRole('link', { name: /Desk lamp/ }, { timeout: 10_000 });
    expect(card).toHaveTextContent('Status: Assigned');

    api.set(DELIVERIES, [
      makeDelivery({ listing_id: 11, buyer_id: 7, delivery_status: 'Delivered' }),
    ]);
    await act(() => vi.advanceTimersByTimeAsync(ORDER_STATUS_REFRESH_MS));
    expect(await screen.findByText('Delivered', {}, { timeout: 10_000 })).toBeVisible();
    expect(api.callsTo(DELIVERIES)).toHaveLength(2);
    expect(api.callsTo(REQUESTS)).toHaveLength(2);
  });
});

describe('order status: code, proof and ways out', () => {
  const order = (o: Parameters<typeof makeRequest>[0] = {}) =>
    makeRequest({ delivery_request_id: 5, listing_id: 11, title: 'Desk lamp', ...o });
  const delivery = (o: Parameters<typeof makeDelivery>[0] = {}) =>
    makeDelivery({ delivery_id: 40, delivery_request_id: 5, listing_id: 11, buyer_id: 7, ...o });
  /** The signed-in buyer's accepted order, with its `deliveries` and the other `routes`. */
  const acceptedOrder = (deliveries: ReturnType<typeof delivery>[], routes: Routes) => {
    signIn();
    return stubApi({
      [REQUESTS]: [order({ status: 'Approved' })],
      [DELIVERIES]: deliveries,
      ...routes,
    });
  };

  it('shows the handover code large while the order is on its way', async () => {
    signIn();
    stubApi({
      [REQUESTS]: [order({ status: 'Approved', require_handover_code: 1 })],
      [DELIVERIES]: [delivery({ handover_required: 1, handover_code: '0427' } as never)],
    });
    open();
    const code = await screen.findByRole('region', { name: 'Handover code' });
    expect(within(code).getByTestId('handover-code')).toHaveTextContent('0427');
    expect(code).toHaveTextContent('Show this code to your courier');
  });

  it('cancels a Pending request with an optional reason', async () => {
    signIn();
    const api = stubApi({
      [REQUESTS]: [order({ status: 'Pending' })],
      [DELIVERIES]: [],
      'PUT /api/delivery_request/5': order({ status: 'Cancelled' }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const form = screen.getByRole('form', { name: 'Cancel the order of Desk lamp' });
    await user.type(within(form).getByLabelText(/Why are you cancelling/), 'Found one nearer');
    api.set(REQUESTS, [order({ status: 'Cancelled', cancel_reason: 'Found one nearer' })]);
    await user.click(within(form).getByRole('button', { name: 'Yes, cancel this order' }));
    expect(await screen.findByText('“Found one nearer”')).toBeVisible();
    expect(api.callsTo('PUT /api/delivery_request/5')[0]!.body).toEqual({
      status: 'Cancelled',
      reason: 'Found one nearer',
    });
    expect(screen.getByRole('link', { name: /Desk lamp/ })).toHaveTextContent('Status: Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('cancels an accepted order through its delivery', async () => {
    const api = acceptedOrder([delivery({ delivery_status: 'Unassigned' })], {
      'PUT /api/delivery_instruction/40': delivery({ delivery_status: 'Cancelled' }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    api.set(DELIVERIES, [delivery({ delivery_status: 'Cancelled' })]);
    await user.click(screen.getByRole('button', { name: 'Yes, cancel this order' }));
    await waitFor(() => expect(api.callsTo('PUT /api/delivery_instruction/40')).toHaveLength(1));
    expect(api.callsTo('PUT /api/delivery_instruction/40')[0]!.body).toEqual({
      delivery_status: 'Cancelled',
      reason: '',
    });
    const card = screen.getByRole('link', { name: /Desk lamp/ });
    await waitFor(() => expect(card).toHaveTextContent('Status: Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('offers no cancelling once the courier has picked the item up', async () => {
    acceptedOrder([delivery({ delivery_status: 'Picked Up', courier_id: 9 })], {
      'GET /api/delivery_instruction/40/position': null,
    });
    open();
    await screen.findByRole('link', { name: /Desk lamp/ });
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says why an item came back, and shows the photo of a drop-off', async () => {
    signIn();
    stubApi({
      [REQUESTS]: [
        order({ status: 'Approved' }),
        order({ delivery_request_id: 6, listing_id: 12, status: 'Approved', title: 'Kettle' }),
      ],
      [DELIVERIES]: [
        delivery({
          delivery_status: 'Returned',
          return_reason: 'buyer_not_there',
          return_note: 'Waited 10 min',
        }),
        delivery({
          delivery_id: 41,
          delivery_request_id: 6,
          listing_id: 12,
          delivery_status: 'Delivered',
          proof_photo: '/uploads/door.webp',
          delivery_rating: 4,
        }),
      ],
    });
    open();
    expect(await screen.findByTestId('return-reason')).toHaveTextContent(
      'Returned to the pickup spot: Buyer not there — “Waited 10 min”',
    );
    expect(screen.getByRole('img', { name: 'Photo of the drop-off at Library' })).toHaveAttribute(
      'src',
      '/uploads/door.webp',
    );
    expect(screen.getByText('You rated your courier:').parentElement).toContainElement(
      screen.getByRole('img', { name: '4 out of 5 stars' }),
    );
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('lets the buyer rate the courier once delivered', async () => {
    const api = acceptedOrder([delivery({ delivery_status: 'Delivered' })], {
      'POST /api/delivery_instruction/40/rating': reply(201, { rating: 5 }),
    });
    const { user } = open();
    const form = await screen.findByRole('form', { name: 'Rate your courier' });
    await user.click(within(form).getByRole('button', { name: 'Send rating' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please choose a rating.');
    await user.selectOptions(within(form).getByLabelText('Rating'), '5 stars');
    await user.type(within(form).getByLabelText('Comment (optional)'), 'Quick!');
    api.set(DELIVERIES, [delivery({ delivery_status: 'Delivered', delivery_rating: 5 })]);
    await user.click(within(form).getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('You rated your courier:')).toBeVisible();
    expect(api.callsTo('POST /api/delivery_instruction/40/rating')[0]!.body).toEqual({
      rating: 5,
      comment: 'Quick!',
    });
  });

  it('tells the buyer when drop-off is locked after wrong codes', async () => {
    acceptedOrder(
      [
        delivery({
          delivery_status: 'Picked Up',
          handover_locked_until: new Date(Date.now() + 600_000).toISOString(),
        }),
      ],
      {},
    );
    open();
    expect(await screen.findByText(/5 wrong handover codes/)).toBeVisible();
  });
});
