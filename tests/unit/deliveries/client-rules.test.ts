import { firstListing } from '#client/lib/queries/listings.js';
import { describe, expect, it } from 'vitest';
import {
  claimErrorMessage,
  CLAIM_LOST_MESSAGE,
} from '#client/features/deliveries/courier/api/courier-api.js';
import { deliveryFromState } from '#client/features/deliveries/courier/api/courier-nav-api.js';
import { shouldSendPosition } from '#client/features/deliveries/courier/api/share-position.js';
import { isFatalGeolocationError } from '#client/features/deliveries/courier/hooks/use-live-position.js';
import { buyerOrders } from '#client/features/deliveries/buyer/api/orders-api.js';
import { ApiError } from '#client/lib/api.js';
import { POSITION_MIN_INTERVAL_MS } from '#shared/live.js';
import { makeDelivery, makeListing, makeRequest } from '../support/data';

describe('firstListing', () => {
  it('reads the listing whether the server sends an array or the object itself', () => {
    const listing = makeListing();
    expect(firstListing([listing])).toBe(listing);
    expect(firstListing(listing)).toBe(listing);
    expect(firstListing([])).toBeUndefined();
    expect(firstListing(null)).toBeUndefined();
    expect(firstListing('nope')).toBeUndefined();
  });
});

describe('deliveryFromState', () => {
  it('takes the delivery passed as navigation state only if it is that delivery', () => {
    const delivery = makeDelivery({ delivery_id: 40 });
    expect(deliveryFromState({ delivery }, 40)).toEqual(delivery);
    expect(deliveryFromState({ delivery }, 41)).toBeUndefined();
    expect(deliveryFromState({ delivery: { delivery_id: 40 } }, 40)).toBeUndefined();
    expect(deliveryFromState(null, 40)).toBeUndefined();
    expect(deliveryFromState('x', 40)).toBeUndefined();
  });
});

describe('claimErrorMessage', () => {
  it('says plainly that another courier was faster on 409', () => {
    expect(claimErrorMessage(new ApiError(409, 'whatever'))).toBe(CLAIM_LOST_MESSAGE);
    expect(CLAIM_LOST_MESSAGE).toBe('Another courier already took this delivery.');
  });

  it('explains being offline, and passes other server messages on', () => {
    expect(claimErrorMessage(new TypeError('Failed to fetch'))).toMatch(/offline/);
    expect(claimErrorMessage(new ApiError(403, 'Only couriers can do that.'))).toBe(
      'Only couriers can do that.',
    );
    expect(claimErrorMessage('??')).toBe('Failed to assign delivery');
  });
});

describe('isFatalGeolocationError', () => {
  it('gives up only on a refusal', () => {
    expect(isFatalGeolocationError({ code: 1 })).toBe(true);
    expect(isFatalGeolocationError({ code: 2 })).toBe(false);
    expect(isFatalGeolocationError({ code: 3 })).toBe(false);
  });
});

describe('buyerOrders', () => {
  it("keeps the buyer's own requests and shows each one's status", () => {
    const requests = [
      makeRequest({ delivery_request_id: 1, buyer_id: 7, listing_id: 11, status: 'Approved' }),
      makeRequest({ delivery_request_id: 2, buyer_id: 7, listing_id: 12, status: 'Pending' }),
      makeRequest({ delivery_request_id: 3, buyer_id: 9, vendor_id: 7, listing_id: 13 }),
    ];
    const deliveries = [
      makeDelivery({ buyer_id: 7, listing_id: 11, delivery_status: 'Delivered' }),
      makeDelivery({ buyer_id: 9, listing_id: 12, delivery_status: 'Assigned' }),
    ];
    expect(buyerOrders(7, requests, deliveries).map((o) => [o.listing_id, o.shownStatus])).toEqual([
      [11, 'Delivered'],
      [12, 'Pending'],
    ]);
  });
});

describe('shouldSendPosition', () => {
  const here = { lat: 37.7223, lng: -122.4785 };
  it('sends the first fix, then at most every 5 seconds unless the courier really moved', () => {
    expect(shouldSendPosition(null, here, 0)).toBe(true);
    const last = { ...here, at: 1_000 };
    expect(shouldSendPosition(last, here, 1_000 + POSITION_MIN_INTERVAL_MS - 1)).toBe(false);
    expect(shouldSendPosition(last, here, 1_000 + POSITION_MIN_INTERVAL_MS)).toBe(true);
    // About 22 m north: a real move goes out at once.
    expect(shouldSendPosition(last, { ...here, lat: here.lat + 0.0002 }, 1_500)).toBe(true);
    // About 3 m: GPS jitter waits.
    expect(shouldSendPosition(last, { ...here, lat: here.lat + 0.00003 }, 1_500)).toBe(false);
  });
});
