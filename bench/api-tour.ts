/**
 * A walk through every API call a person's day makes (buyer, seller, courier), so bench/plans.ts
 * sees every query the API sends to the database at full scale.
 */
import type { FastifyInstance } from 'fastify';
import { listingArt } from '#server/db/factories.js';

export interface TourStep {
  label: string;
  status: number;
}

interface Actor {
  cookie: string;
  id: number;
}

export async function apiTour(
  app: FastifyInstance,
  ids: { seller: number; buyer: number; courier: number; other: number },
  onStep: (label: string) => void,
): Promise<TourStep[]> {
  const steps: TourStep[] = [];
  const call = async (
    label: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    actor?: Actor,
    payload?: unknown,
  ) => {
    onStep(label);
    const res = await app.inject({
      method,
      url,
      ...(actor && { headers: { cookie: actor.cookie } }),
      ...(payload !== undefined && { payload: payload as object }),
    });
    steps.push({ label, status: res.statusCode });
    return res;
  };
  const signIn = async (userId: number): Promise<Actor> => {
    const res = await call('POST /api/login', 'POST', '/api/login', undefined, {
      email: `bench${userId - 1}@sfsu.edu`,
      password: 'campus-demo-1',
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    return { cookie, id: userId };
  };
  const seller = await signIn(ids.seller);
  const buyer = await signIn(ids.buyer);
  const courier = await signIn(ids.courier);

  await call('GET /api/me', 'GET', '/api/me', buyer);
  await call('GET /api/user/:id', 'GET', `/api/user/${seller.id}`, buyer);

  // Browsing and search.
  await call('GET /api/all', 'GET', '/api/all');
  await call('GET /api/category', 'GET', '/api/category?category=Books');
  await call('GET /api/title', 'GET', '/api/title?title=lamp');
  await call('GET /api/title (short word)', 'GET', '/api/title?title=tv');
  await call('GET /api/title (punctuation only)', 'GET', '/api/title?title=%25');
  await call('GET /api/title (common punctuation)', 'GET', '/api/title?title=-');
  await call('GET /api/title (two words)', 'GET', '/api/title?title=desk%20lamp');
  await call('GET /api/combined', 'GET', '/api/combined?category=Furniture&title=lamp');
  await call('GET /api/search (first page)', 'GET', '/api/search?limit=24');
  await call('GET /api/search (title)', 'GET', '/api/search?title=lamp&limit=24');
  await call(
    'GET /api/search (filters)',
    'GET',
    '/api/search?category=Furniture&condition=Used%20-%20Good&priceSort=low-to-high&minRating=3&limit=24&offset=24',
  );
  await call(
    'GET /api/search (title + filters)',
    'GET',
    '/api/search?title=chair&datePosted=30d&minDiscount=10&priceSort=high-to-low&limit=24',
  );
  // The storefront's words: typos, endings, description words, codes, word starts, nothing.
  for (const [label, title] of [
    ['typo', 'calculas'],
    ['plural', 'lamps'],
    ['description word', 'dorm'],
    ['code', '2-pack'],
    ['start of the last word', 'organic chem'],
    ['two words, one a typo', 'wireles earbuds'],
    ['nothing, did you mean', 'calclas'],
    ['nonsense', 'qwzxv'],
  ]) {
    await call(
      `GET /api/search (${label})`,
      'GET',
      `/api/search?title=${encodeURIComponent(title!)}&limit=24`,
    );
  }
  await call(
    'GET /api/search (words + filters)',
    'GET',
    '/api/search?title=desk%20lamps&category=Furniture&priceSort=low-to-high&minRating=3&limit=24&offset=24',
  );
  await call(
    'GET /api/search (last page)',
    'GET',
    '/api/search?category=Books&limit=24&offset=9000',
  );
  await call('GET /api/listing/featured', 'GET', '/api/listing/featured');

  // A seller's own pages and listing changes.
  const active = await call(
    'GET /api/listing/active/:id',
    'GET',
    `/api/listing/active/${seller.id}`,
  );
  const listingId = (active.json() as { listing_id: number }[])[0]?.listing_id ?? 1;
  await call('GET /api/listing/:id', 'GET', `/api/listing/${listingId}`);
  await call('GET /api/product/vendor/:id', 'GET', `/api/product/vendor/${seller.id}`, seller);
  await call('GET /api/listing/vendor/sold/:id', 'GET', `/api/listing/vendor/sold/${seller.id}`);
  const created = await call('POST /api/listing', 'POST', '/api/listing', seller, {
    thumbnail: (await listingArt('Books', 1)).toString('base64'),
    mimetype: 'image/png',
    title: 'Bench textbook',
    price: 12.5,
    description: 'For the benchmark.',
    category: 'Books',
    conditions: 'Used - Good',
    vendor_id: seller.id,
  });
  const product = created.json() as { listing_id: number; product_id: number };
  const relisted = await call(
    'POST /api/listing/existing',
    'POST',
    '/api/listing/existing',
    seller,
    {
      product_id: product.product_id,
      price: 10,
      conditions: 'Used - Good',
      vendor_id: seller.id,
    },
  );
  await call('PUT /api/listing/:id', 'PUT', `/api/listing/${product.listing_id}`, seller, {
    availability: 'Out of Stock',
  });
  await call(
    'DELETE /api/listing/:id',
    'DELETE',
    `/api/listing/${(relisted.json() as { listing_id: number }).listing_id}`,
    seller,
  );

  // Messages between a buyer and the seller.
  await call('POST /api/direct_message', 'POST', '/api/direct_message', buyer, {
    sender_id: buyer.id,
    receiver_id: seller.id,
    listing_id: listingId,
    content: 'Is this still available?',
  });
  await call('GET /api/direct_message', 'GET', '/api/direct_message', buyer);
  await call('GET /api/direct_message/:id', 'GET', `/api/direct_message/${seller.id}`, seller);
  await call(
    'GET /api/direct_message/listing-sender/get',
    'GET',
    `/api/direct_message/listing-sender/get?id=${buyer.id}&listing=${listingId}`,
    buyer,
  );
  await call('POST /api/direct_message/read', 'POST', '/api/direct_message/read', seller, {
    listing_id: listingId,
    other_user_id: buyer.id,
  });

  // Reviews.
  await call('GET /api/review/:id', 'GET', `/api/review/${seller.id}`);
  await call('POST /api/review', 'POST', '/api/review', buyer, {
    author_id: buyer.id,
    vendor_id: seller.id,
    rating: 4,
    comment: 'Quick and friendly.',
  });

  // Delivery: request, accept, claim, pick up, drop off.
  const request = await call('POST /api/delivery_request', 'POST', '/api/delivery_request', buyer, {
    buyer_id: buyer.id,
    vendor_id: seller.id,
    listing_id: listingId,
    dropoff: 'Library',
    buyer_special_request: '',
  });
  const requestId = (request.json() as { delivery_request_id: number }).delivery_request_id;
  await call('GET /api/delivery_request', 'GET', '/api/delivery_request', buyer);
  await call(
    'GET /api/delivery_request/vendor/:id',
    'GET',
    `/api/delivery_request/vendor/${seller.id}`,
    seller,
  );
  await call(
    'GET /api/delivery_request/listing-buyer',
    'GET',
    `/api/delivery_request/listing-buyer?userId=${buyer.id}&listingId=${listingId}`,
    buyer,
  );
  const accepted = await call(
    'POST /api/delivery_instruction/request/accept/:id',
    'POST',
    `/api/delivery_instruction/request/accept/${requestId}`,
    seller,
    { pickup: 'Library', vendor_special_request: '' },
  );
  const deliveryId = (accepted.json() as { delivery_id: number }).delivery_id;
  const other = await signIn(ids.other);
  const declined = await call(
    'POST /api/delivery_request',
    'POST',
    '/api/delivery_request',
    other,
    {
      buyer_id: other.id,
      vendor_id: seller.id,
      listing_id: listingId,
      dropoff: 'Library',
      buyer_special_request: '',
    },
  );
  await call(
    'PUT /api/delivery_request/:id',
    'PUT',
    `/api/delivery_request/${(declined.json() as { delivery_request_id: number }).delivery_request_id}`,
    seller,
    { status: 'Denied' },
  );
  await call('GET /api/delivery_instruction', 'GET', '/api/delivery_instruction', buyer);
  await call('PUT /api/user/:id', 'PUT', `/api/user/${courier.id}`, courier, { on_shift: 1 });
  await call(
    'GET /api/delivery_instruction/courier/unassigned',
    'GET',
    '/api/delivery_instruction/courier/unassigned',
    courier,
  );
  for (const status of ['Assigned', 'Picked Up']) {
    await call(
      `PUT /api/delivery_instruction/:id (${status})`,
      'PUT',
      `/api/delivery_instruction/${deliveryId}`,
      courier,
      {
        delivery_status: status,
        courier_id: courier.id,
      },
    );
  }
  await call(
    'GET /api/delivery_instruction/courier/:id',
    'GET',
    `/api/delivery_instruction/courier/${courier.id}`,
    courier,
  );
  await call(
    'GET /api/delivery_instruction/:id',
    'GET',
    `/api/delivery_instruction/${deliveryId}`,
    buyer,
  );
  await call(
    'POST /api/delivery_instruction/:id/position',
    'POST',
    `/api/delivery_instruction/${deliveryId}/position`,
    courier,
    { lat: 37.7219, lng: -122.4782, accuracy: 10 },
  );
  await call(
    'GET /api/delivery_instruction/:id/position',
    'GET',
    `/api/delivery_instruction/${deliveryId}/position`,
    buyer,
  );
  await call(
    'PUT /api/delivery_instruction/:id (Delivered)',
    'PUT',
    `/api/delivery_instruction/${deliveryId}`,
    courier,
    { delivery_status: 'Delivered', courier_id: courier.id },
  );
  await call(
    'GET /api/delivery_instruction/:id/events',
    'GET',
    `/api/delivery_instruction/${deliveryId}/events`,
    buyer,
  );

  // Accounts.
  await call('POST /api/register', 'POST', '/api/register', undefined, {
    firstName: 'New',
    lastName: 'Student',
    username: 'newbench',
    sfsu_email: 'newbench@sfsu.edu',
    password: 'campus-demo-1',
    confirmPassword: 'campus-demo-1',
  });
  await call('POST /api/logout', 'POST', '/api/logout', buyer);
  return steps;
}
