/**
 * Set-up through the real API from Node, as another person on another device: a client that
 * keeps its session cookie.
 */
import { expect } from 'vitest';
import { isDeliveryFinished, type DeliveryStatus } from '#shared/delivery.js';
import { DEMO_PASSWORD, demoEmail } from './phone';

export interface ApiClient {
  userId: number;
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
}

async function request(
  baseUrl: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return { res, json: text ? (JSON.parse(text) as unknown) : null };
}

function client(baseUrl: string, cookie: string, userId: number): ApiClient {
  return {
    userId,
    call: async <T>(method: string, path: string, body?: unknown) =>
      (await request(baseUrl, cookie, method, path, body)).json as T,
  };
}

function sessionCookie(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function signedIn(baseUrl: string, username: string): Promise<ApiClient> {
  const { res, json } = await request(baseUrl, '', 'POST', '/api/login', {
    email: demoEmail(username),
    password: DEMO_PASSWORD,
  });
  return client(baseUrl, sessionCookie(res), (json as { user: { user_id: number } }).user.user_id);
}

/**
 * The six digits of the newest mail to `email` in the app's built-in mailbox (it runs without
 * SMTP_URL, as `npm start` does; /mailbox.json answers this machine).
 */
export async function mailedCode(baseUrl: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/mailbox.json?to=${encodeURIComponent(email)}`);
    const mails = res.ok ? ((await res.json()) as { text: string }[]) : [];
    const code = /^\s*([0-9]{6})\s*$/m.exec(mails[0]?.text ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new student, their campus address confirmed with the mailed code. */
export async function registered(baseUrl: string, username: string): Promise<ApiClient> {
  const { res, json } = await request(baseUrl, '', 'POST', '/api/register', {
    firstName: 'Web',
    lastName: 'Kit',
    username,
    sfsu_email: demoEmail(username),
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
  });
  const student = client(
    baseUrl,
    sessionCookie(res),
    (json as { user: { user_id: number } }).user.user_id,
  );
  const code = await mailedCode(baseUrl, demoEmail(username));
  await student.call('POST', '/api/verify-email', { code });
  return student;
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

interface Listing {
  listing_id: number;
  vendor_id: number;
  username: string;
  title: string;
  listing_status: string;
}

/**
 * A delivery waiting for a courier: a new buyer asks for one of `seller`'s listings with
 * `note` for the courier, the seller accepts it. The listing is one without a delivery under
 * way (one item, one sale: the demo data has deliveries of some).
 */
export async function unassignedDelivery(baseUrl: string, seller: string, note: string) {
  const buyer = await registered(baseUrl, uniqueName('buyer'));
  const vendor = await signedIn(baseUrl, seller);
  const deliveries = await vendor.call<{ listing_id: number; delivery_status: DeliveryStatus }[]>(
    'GET',
    '/api/delivery_instruction',
  );
  const taken = new Set(
    deliveries.filter((d) => !isDeliveryFinished(d.delivery_status)).map((d) => d.listing_id),
  );
  const listings = await buyer.call<Listing[]>('GET', '/api/all');
  const listing = listings.find(
    (l) => l.username === seller && l.listing_status === 'Active' && !taken.has(l.listing_id),
  )!;
  const asked = await buyer.call<{ delivery_request_id: number }>('POST', '/api/delivery_request', {
    buyer_id: buyer.userId,
    vendor_id: listing.vendor_id,
    listing_id: listing.listing_id,
    dropoff: 'Library',
    buyer_special_request: note,
  });
  const accepted = await vendor.call<{ delivery_id: number }>(
    'POST',
    `/api/delivery_instruction/request/accept/${asked.delivery_request_id}`,
    { pickup: 'Cafe 101' },
  );
  return { deliveryId: accepted.delivery_id, title: listing.title };
}
