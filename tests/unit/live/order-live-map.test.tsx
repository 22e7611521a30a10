import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { labelSides, markerHtml } from '#client/features/deliveries/map/marker-icon.js';
import { OrderStatusPage } from '#client/features/deliveries/buyer/order-status-page.js';
import { positionTime } from '#client/features/deliveries/buyer/api/courier-position.js';
import { activeDeliveryOf } from '#client/features/deliveries/buyer/api/orders-api.js';
import { applyLiveEvent } from '#client/lib/live-events.js';
import { locationCoords } from '#shared/locations.js';
import { makeDelivery, makeRequest, signIn } from '../support/data';
import { stubApi } from '../support/fetch-stub';
import { renderAt } from '../support/render';

const REQUESTS = 'GET /api/delivery_request';
const DELIVERIES = 'GET /api/delivery_instruction';
const CONFIG = 'GET /api/config';
const position = (id: number) => `GET /api/delivery_instruction/${id}/position`;

describe('activeDeliveryOf', () => {
  // A request with a delivery is one the vendor accepted.
  const request = makeRequest({ delivery_request_id: 5, listing_id: 11, status: 'Approved' });

  it('is the delivery while a courier has it (Assigned or Picked Up), else none', () => {
    for (const status of ['Assigned', 'Picked Up'] as const) {
      const delivery = makeDelivery({ delivery_request_id: 5, delivery_status: status });
      expect(activeDeliveryOf(request, [delivery])).toBe(delivery);
    }
    for (const status of ['Unassigned', 'Delivered'] as const) {
      const delivery = makeDelivery({ delivery_request_id: 5, delivery_status: status });
      expect(activeDeliveryOf(request, [delivery])).toBeNull();
    }
    expect(activeDeliveryOf(request, [])).toBeNull();
  });

  it('prefers the delivery made from this request over another of the same listing', () => {
    const older = makeDelivery({ delivery_id: 1, delivery_request_id: 4, listing_id: 11 });
    const mine = makeDelivery({
      delivery_id: 2,
      delivery_request_id: 5,
      listing_id: 11,
      delivery_status: 'Assigned',
    });
    expect(activeDeliveryOf(request, [older, mine])).toBe(mine);
    // Without one made from this request, the listing's delivery counts (as for the status).
    expect(activeDeliveryOf(request, [{ ...mine, delivery_request_id: 9 }])?.delivery_id).toBe(2);
    // A request not accepted (yet, or any more) has no delivery: asked again after a return.
    const again = makeRequest({ delivery_request_id: 6, listing_id: 11, status: 'Pending' });
    expect(activeDeliveryOf(again, [{ ...mine, delivery_request_id: 9 }])).toBeNull();
  });
});

describe('map labels', () => {
  it('are text, never markup', () => {
    expect(markerHtml('Pick up: <b>"Nizario\'s" & co</b>')).toBe(
      '<span class="map-marker-pin"></span><span class="map-marker-label">Pick up: &lt;b&gt;&quot;Nizario&#39;s&quot; &amp; co&lt;/b&gt;</span>',
    );
  });

  it('point away from each other: the northern spot’s label above its pin', () => {
    const annex = locationCoords('Annex 1');
    const village = locationCoords('The Village at Centennial Square');
    expect(labelSides(village, annex)).toEqual({ pickup: 'below', dropoff: 'above' });
    expect(labelSides(annex, village)).toEqual({ pickup: 'above', dropoff: 'below' });
    expect(labelSides(annex, annex)).toEqual({ pickup: 'above', dropoff: 'below' });
  });

  it('give the time of the position, or nothing for a bad date', () => {
    expect(positionTime('2026-11-22T15:05:00')).toBe('3:05 PM');
    expect(positionTime('not a date')).toBe('');
  });
});

describe('the buyer’s live map on /OrderStatus', () => {
  const courierMarker = (container: HTMLElement) =>
    container.querySelector<HTMLElement>('.map-marker-courier');

  it('shows pickup, dropoff and the courier of an order under way, and follows the courier', async () => {
    signIn({ user_id: 7 });
    const api = stubApi({
      [REQUESTS]: [
        makeRequest({ delivery_request_id: 5, listing_id: 11, buyer_id: 7, title: 'Desk lamp' }),
        makeRequest({ delivery_request_id: 6, listing_id: 12, buyer_id: 7, title: 'Kettle' }),
      ],
      [DELIVERIES]: [
        makeDelivery({
          delivery_id: 40,
          delivery_request_id: 5,
          listing_id: 11,
          buyer_id: 7,
          courier_id: 3,
          pickup: 'Cafe 101',
          dropoff: 'Library',
          delivery_status: 'Assigned',
        }),
        makeDelivery({
          delivery_id: 41,
          delivery_request_id: 6,
          listing_id: 12,
          buyer_id: 7,
          delivery_status: 'Delivered',
        }),
      ],
      [CONFIG]: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png' },
      [position(40)]: {
        delivery_id: 40,
        courier_id: 3,
        lat: 37.7223,
        lng: -122.4785,
        accuracy: 5,
        at: '2026-11-22T15:05:00',
      },
    });
    const { container, client } = renderAt(<OrderStatusPage />, { path: '/OrderStatus' });

    // Only the order under way has a map.
    const map = await screen.findByRole('region', { name: 'Map of the delivery to Library' });
    expect(screen.getAllByRole('region', { name: /^Map of/ })).toHaveLength(1);
    await waitFor(() => expect(courierMarker(container)).not.toBeNull());
    const labels = [...map.querySelectorAll('.map-marker-label')].map((l) => l.textContent);
    expect(labels).toEqual(['Pick up: Cafe 101', 'Drop off: Library', 'Courier']);
    expect(courierMarker(container)!.dataset).toMatchObject({ lat: '37.7223', lng: '-122.4785' });
    expect(within(map).getByTestId('courier-location')).toHaveTextContent(
      "Courier's location at 3:05 PM",
    );
    expect(api.callsTo(position(41))).toHaveLength(0);

    // A pushed position moves the marker without asking the server again.
    const asked = api.callsTo(position(40)).length;
    act(() =>
      applyLiveEvent(client, 'courier.position', {
        delivery_id: 40,
        courier_id: 3,
        lat: 37.7214,
        lng: -122.4778,
        accuracy: 5,
        at: '2026-11-22T15:06:00',
      }),
    );
    await waitFor(() =>
      expect(courierMarker(container)!.dataset).toMatchObject({ lat: '37.7214', lng: '-122.4778' }),
    );
    expect(within(map).getByTestId('courier-location')).toHaveTextContent('3:06 PM');
    expect(api.callsTo(position(40))).toHaveLength(asked);
  });

  it('waits for the courier’s first position with pickup and dropoff already shown', async () => {
    signIn({ user_id: 7 });
    stubApi({
      [REQUESTS]: [makeRequest({ delivery_request_id: 5, listing_id: 11, buyer_id: 7 })],
      [DELIVERIES]: [
        makeDelivery({
          delivery_id: 40,
          delivery_request_id: 5,
          buyer_id: 7,
          courier_id: 3,
          delivery_status: 'Picked Up',
        }),
      ],
      [CONFIG]: { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png' },
      [position(40)]: null,
    });
    const { container } = renderAt(<OrderStatusPage />, { path: '/OrderStatus' });
    expect(await screen.findByText("Waiting for the courier's location…")).toBeVisible();
    await waitFor(() => expect(container.querySelectorAll('.map-marker')).toHaveLength(2));
    expect(courierMarker(container)).toBeNull();
  });
});
