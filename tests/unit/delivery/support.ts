/** Delivery bodies for component tests, shaped by the shared contract. */
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';

export function makeDelivery(overrides: Partial<DeliveryInstruction> = {}): DeliveryInstruction {
  return {
    delivery_id: 40,
    delivery_request_id: 5,
    pickup: 'Cafe 101',
    dropoff: 'Library',
    seller_special_request: 'Ask at the counter.',
    vendor_special_request: 'Ask at the counter.',
    buyer_special_request: '',
    buyer_id: 20,
    vendor_id: 3,
    courier_id: null,
    product_id: 11,
    listing_id: 11,
    quantity: 1,
    delivery_status: 'Unassigned',
    timestamp: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    title: 'IKEA desk lamp',
    thumbnail: null,
    price: 12.5,
    ...overrides,
  };
}
