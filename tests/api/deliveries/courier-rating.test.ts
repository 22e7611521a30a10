/** The buyer rates the courier once after Delivered; GET /api/user/{id} carries the mean. */
import { describe, expect, it } from 'vitest';
import { courier as newCourier, moveAlong, unassignedDelivery } from '../data.js';
import { appForFile, as, expectRefusedUntouched, type Actor } from '../harness.js';

const ctx = await appForFile();

const ratingUrl = (d: { delivery_id: number }) =>
  `/api/delivery_instruction/${d.delivery_id}/rating`;

async function delivered(courier: Actor) {
  const s = await unassignedDelivery(ctx);
  await moveAlong(ctx, courier, s.delivery, ['Assigned', 'Picked Up', 'Delivered']);
  return s;
}

const profile = async (who: Actor | undefined, id: number) => {
  const res = await as(ctx, who).get(`/api/user/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json()[0];
};

const expectRefused = (send: ReturnType<ReturnType<typeof as>['put']>, status: number) =>
  expectRefusedUntouched(ctx, send, status);

describe('rating the courier', () => {
  it('takes one rating per delivery from its buyer; the courier rating is the rounded mean', async () => {
    const jace = await newCourier(ctx);
    expect(await profile(undefined, jace.user.user_id)).toMatchObject({
      courier_rating: null,
      courier_rating_count: 0,
    });
    const first = await delivered(jace);
    const res = await as(ctx, first.buyer).post(ratingUrl(first.delivery), {
      rating: 5,
      comment: 'Fast and friendly',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      delivery_id: first.delivery.delivery_id,
      courier_id: jace.user.user_id,
      rating: 5,
      comment: 'Fast and friendly',
    });
    await expectRefused(as(ctx, first.buyer).post(ratingUrl(first.delivery), { rating: 1 }), 409);
    const seen = (
      await as(ctx, first.buyer).get(`/api/delivery_instruction/${first.delivery.delivery_id}`)
    ).json();
    expect(seen.delivery_rating).toBe(5);

    const second = await delivered(jace);
    // Ratings as text, as forms send them.
    expect(
      (await as(ctx, second.buyer).post(ratingUrl(second.delivery), { rating: '2' })).statusCode,
    ).toBe(201);
    // (5 + 2) / 2 = 3.5: halves round up, as sellers' ratings do.
    const mine = await profile(jace, jace.user.user_id);
    expect(mine).toMatchObject({
      courier_rating: 4,
      courier_rating_count: 2,
      sfsu_email: expect.any(String),
    });
    const seenByOthers = await profile(first.buyer, jace.user.user_id);
    expect(seenByOthers).toMatchObject({ courier_rating: 4, courier_rating_count: 2 });
    expect(seenByOthers.sfsu_email).toBeUndefined();
  });

  it('is the buyer’s alone, and only once the item is delivered', async () => {
    const jace = await newCourier(ctx);
    const s = await unassignedDelivery(ctx);
    await moveAlong(ctx, jace, s.delivery, ['Assigned', 'Picked Up']);
    await expectRefused(as(ctx, s.buyer).post(ratingUrl(s.delivery), { rating: 4 }), 409);
    await moveAlong(ctx, jace, s.delivery, ['Delivered']);
    await expectRefused(as(ctx).post(ratingUrl(s.delivery), { rating: 4 }), 401);
    for (const who of [s.vendor, s.stranger, jace])
      await expectRefused(as(ctx, who).post(ratingUrl(s.delivery), { rating: 4 }), 403);
    await expectRefused(
      as(ctx, s.buyer).post('/api/delivery_instruction/999999/rating', { rating: 4 }),
      404,
    );
    for (const rating of [0, 6, 3.5, 'five', null])
      await expectRefused(as(ctx, s.buyer).post(ratingUrl(s.delivery), { rating }), 400);
    await expectRefused(
      as(ctx, s.buyer).post(ratingUrl(s.delivery), { rating: 4, comment: 'x'.repeat(1001) }),
      400,
    );
  });

  it('keeps one of two ratings sent at once', async () => {
    const jace = await newCourier(ctx);
    const s = await delivered(jace);
    const answers = await Promise.all([
      as(ctx, s.buyer).post(ratingUrl(s.delivery), { rating: 3 }),
      as(ctx, s.buyer).post(ratingUrl(s.delivery), { rating: 4 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await profile(undefined, jace.user.user_id)).courier_rating_count).toBe(1);
  });
});

describe("the courier's record", () => {
  it("carries each buyer's words with their rating, in the courier's own list only", async () => {
    const kai = await newCourier(ctx);
    const rated = await delivered(kai);
    const unrated = await delivered(kai);
    await as(ctx, rated.buyer).post(ratingUrl(rated.delivery), {
      rating: 4,
      comment: 'Left it with the front desk as asked',
    });
    const own = (
      await as(ctx, kai).get(`/api/delivery_instruction/courier/${kai.user.user_id}`)
    ).json<
      {
        delivery_id: number;
        delivery_rating: number | null;
        delivery_rating_comment: string | null;
      }[]
    >();
    expect(own.find((d) => d.delivery_id === rated.delivery.delivery_id)).toMatchObject({
      delivery_status: 'Delivered',
      delivery_rating: 4,
      delivery_rating_comment: 'Left it with the front desk as asked',
    });
    expect(own.find((d) => d.delivery_id === unrated.delivery.delivery_id)).toMatchObject({
      delivery_rating: null,
      delivery_rating_comment: null,
    });
    // The seller reads the delivery, not the buyer's words about the courier.
    const sellers = (
      await as(ctx, rated.vendor).get(`/api/delivery_instruction/${rated.delivery.delivery_id}`)
    ).json();
    expect(sellers.delivery_rating).toBe(4);
    expect(sellers).not.toHaveProperty('delivery_rating_comment');
  });
});
