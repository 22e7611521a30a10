/**
 * Clients built on forms send numbers as text: a route parameter's listing id ("12"), a select's
 * rating ("4"), a typed price ("42.50"). Every numeric field of every body accepts canonical
 * decimal text and means the same as the number; the stored and answered values are numbers.
 */
import { describe, expect, it } from 'vitest';
import { appForFile } from '../harness.js';
import { buildWorld, VALID, type Role, type ValidRequest } from '../world.js';

const ctx = await appForFile();

/** Every number in the body as its canonical decimal text. */
function asText(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
  );
}

const CASES: [keyof typeof VALID, Role, number][] = [
  ['becomeCourier', 'buyer', 200],
  ['createListing', 'vendor', 201],
  ['relist', 'vendor', 201],
  ['sendMessage', 'buyer', 201],
  ['review', 'buyer', 201],
  ['requestDelivery', 'buyer', 201],
  ['sharePosition', 'assignedCourier', 200],
];

describe('numbers sent as canonical decimal text', () => {
  it.each(CASES)('%s accepts them and answers numbers', async (name, role, status) => {
    const w = await buildWorld(ctx);
    const valid: ValidRequest = VALID[name];
    const body = asText(valid.body(w));
    expect(Object.values(body).some((v) => typeof v === 'string' && /^[0-9.-]+$/.test(v))).toBe(
      true,
    );
    const res = await ctx.app.inject({
      method: valid.method,
      url: valid.url(w),
      headers: { cookie: w.cookies[role]! },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(status);
    const answer = res.json() as Record<string, unknown>;
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string' && /^-?[0-9]+(\.[0-9]+)?$/.test(value) && key in answer) {
        expect(answer[key], key).toBe(Number(value));
      }
    }
  });

  it('takes a typed price with cents and a discount as text', async () => {
    const w = await buildWorld(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/listing',
      headers: { cookie: w.cookies.vendor! },
      payload: { ...VALID.createListing.body(w), price: '42.50', discount: '0.25' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [listing] = (
      await ctx.app.inject({ url: `/api/listing/${res.json().listing_id}` })
    ).json() as { price: number; discount: number }[];
    expect(listing).toMatchObject({ price: 42.5, discount: 0.25 });
  });

  it('claims a delivery with the courier id as text', async () => {
    const w = await buildWorld(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/delivery_instruction/${w.unassignedDelivery}`,
      headers: { cookie: w.cookies.courier! },
      payload: { courier_id: String(w.users.courier.user_id), delivery_status: 'Assigned' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().courier_id).toBe(w.users.courier.user_id);
  });

  it.each([' 7', '1e3', '0x10', '42.5abc', '', 'NaN', 'Infinity', '007', '+5', '.5'])(
    'refuses the price %j with the field’s message and stores nothing',
    async (price) => {
      const w = await buildWorld(ctx);
      const before = await ctx.database.db
        .selectFrom('listings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/listing',
        headers: { cookie: w.cookies.vendor! },
        payload: { ...VALID.createListing.body(w), price },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Please enter a valid numeric value for the price\./);
      const after = await ctx.database.db
        .selectFrom('listings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    },
  );
});
