/** Realistic API bodies for component tests, shaped by the shared contract types. */
import type { DeliveryInstruction, DeliveryRequest } from '#shared/schemas/deliveries.js';
import type { Listing, SearchPage } from '#shared/schemas/listings.js';
import type { DirectMessage } from '#shared/schemas/messages.js';
import type { Review } from '#shared/schemas/reviews.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { storeSession } from '#client/lib/session.js';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    user_id: 7,
    username: 'maria',
    first_name: 'Maria',
    last_name: 'Lopez',
    is_courier: 0,
    rating: 4,
    review_count: 3,
    sfsu_email: 'maria@sfsu.edu',
    on_shift: 0,
    email_verified: 1,
    is_moderator: 0,
    ...overrides,
  };
}

export function signIn(overrides: Partial<SessionUser> = {}): SessionUser {
  const user = makeUser(overrides);
  storeSession(user);
  return user;
}

export function makeListing(overrides: Partial<Listing> = {}): Listing {
  return {
    listing_id: 11,
    product_id: 11,
    title: 'IKEA desk lamp',
    price: 12.5,
    description: 'Bright and adjustable.',
    category: 'Furniture',
    conditions: 'Used - Good',
    thumbnail: '/uploads/abc.webp',
    listing_date: '2026-11-01T10:00:00.000Z',
    discount: 0,
    rating: 4,
    review_count: 2,
    vendor_id: 3,
    availability: 'In Stock',
    listing_status: 'Active',
    username: 'priya',
    was_price: null,
    was_price_until: null,
    ...overrides,
  };
}

export function listings(count: number, start = 1): Listing[] {
  return Array.from({ length: count }, (_, i) =>
    makeListing({ listing_id: start + i, product_id: start + i, title: `Item ${start + i}` }),
  );
}

export function page(items: Listing[], total: number, offset = 0, limit = 24): SearchPage {
  return { items, total, offset, limit };
}

export function makeReview(overrides: Partial<Review> = {}): Review {
  return {
    review_id: 1,
    author_id: 20,
    vendor_id: 3,
    rating: 5,
    comment: 'Great seller',
    review_date: '2026-03-04T12:00:00.000Z',
    username: 'kai',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<DirectMessage> = {}): DirectMessage {
  return {
    message_id: 1,
    sender_id: 7,
    receiver_id: 3,
    listing_id: 11,
    content: 'Is it still available?',
    created_at: '2026-11-20T10:00:00.000Z',
    read_at: null,
    sender_username: 'maria',
    receiver_username: 'priya',
    title: 'IKEA desk lamp',
    thumbnail: '/uploads/abc.webp',
    client_id: null,
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<DeliveryRequest> = {}): DeliveryRequest {
  return {
    delivery_request_id: 5,
    buyer_id: 7,
    vendor_id: 3,
    listing_id: 11,
    status: 'Pending',
    dropoff: 'Library',
    buyer_special_request: '',
    created_at: '2026-11-20T10:00:00.000Z',
    require_handover_code: 0,
    cancel_reason: '',
    decline_reason: null,
    title: 'IKEA desk lamp',
    thumbnail: null,
    price: 12.5,
    username: 'maria',
    ...overrides,
  };
}

/** A delivery as the API sends it. */
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
    handover_required: 0,
    handover_locked_until: null,
    proof_photo: null,
    return_reason: null,
    return_note: '',
    cancel_reason: '',
    delivery_rating: null,
    ...overrides,
  };
}
