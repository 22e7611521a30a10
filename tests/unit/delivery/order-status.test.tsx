import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderStatusPage } from '#client/features/orders/order-status-page.js';
import { ORDER_STATUS_REFRESH_MS } from '#shared/constants.js';
import { makeDelivery, makeRequest, signIn } from '../support/data';
import { never, reply, stubApi } from '../support/fetch-stub';
import { currentPath, renderAt } from '../support/render';

const REQUESTS = 'GET /api/delivery_request';
const DELIVERIES = 'GET /api/delivery_instruction';
const open = () => renderAt(<OrderStatusPage />, { path: '/OrderStatus' });

afterEach(() => {
  vi.useRealTimers();
});

describe('order status', () => {
  it('redirects to /login when nobody is signed in', async () => {
    stubApi({});
    open();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
  });

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
