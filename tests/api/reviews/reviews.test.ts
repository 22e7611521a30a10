import { describe, expect, it } from 'vitest';
import type { Review } from '#shared/schemas/reviews.js';
import {
  acceptRequest,
  courier,
  customerOf,
  listingOf,
  parties,
  requestDelivery,
  wrote,
} from '../data.js';
import { appForFile, as, countRows, signedInUser, type Actor } from '../harness.js';

const ctx = await appForFile();

const review = (author: Actor, vendor: Actor, rating: number, comment = 'Smooth sale') => ({
  author_id: author.user.user_id,
  vendor_id: vendor.user.user_id,
  rating,
  comment,
});

/** A seller rated by a fresh reviewer per rating; returns the seller's rating afterwards. */
async function ratedSeller(ratings: number[]) {
  const seller = await signedInUser(ctx);
  for (const rating of ratings) {
    const author = await customerOf(ctx, seller);
    const res = await as(ctx, author).post('/api/review', review(author, seller, rating));
    expect(res.statusCode, res.body).toBe(201);
  }
  const profile = await as(ctx).get(`/api/user/${seller.user.user_id}`);
  return { seller, rating: profile.json()[0].rating as number | null };
}

describe('POST /api/review', () => {
  it('stores the review with the reviewer’s name', async () => {
    const seller = await signedInUser(ctx);
    const author = await customerOf(ctx, seller, { username: 'reviewer_rita' });
    const res = await as(ctx, author).post('/api/review', review(author, seller, 4, '  Nice!  '));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      review_id: expect.any(Number),
      author_id: author.user.user_id,
      vendor_id: seller.user.user_id,
      rating: 4,
      comment: 'Nice!',
      review_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      username: 'reviewer_rita',
    });
  });

  it('accepts a review without a comment', async () => {
    const seller = await signedInUser(ctx);
    const author = await customerOf(ctx, seller);
    const body = { author_id: author.user.user_id, vendor_id: seller.user.user_id, rating: 3 };
    const res = await as(ctx, author).post('/api/review', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().comment).toBe('');
  });

  it.each([
    [[5], 5],
    [[5, 4], 5],
    [[2, 3], 3],
    [[1, 2], 2],
    [[4, 4, 5], 4],
    [[1, 1, 2, 2, 2, 5], 2],
  ])('sets the seller rating to the rounded mean of %j: %i', async (ratings, expected) => {
    expect((await ratedSeller(ratings)).rating).toBe(expected);
  });

  it('counts every review when several arrive at once', async () => {
    const seller = await signedInUser(ctx);
    const authors = await Promise.all([5, 5, 1, 1, 1].map(() => customerOf(ctx, seller)));
    const results = await Promise.all(
      authors.map((author, i) =>
        as(ctx, author).post('/api/review', review(author, seller, [5, 5, 1, 1, 1][i]!)),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const profile = await as(ctx).get(`/api/user/${seller.user.user_id}`);
    expect(profile.json()[0].rating).toBe(3); // 13 / 5 = 2.6
  });

  it('gives listings the rating of their seller', async () => {
    const { seller } = await ratedSeller([3]);
    const { listing_id } = await listingOf(ctx, seller);
    expect((await as(ctx).get(`/api/listing/${listing_id}`)).json()[0].rating).toBe(3);
    const late = await customerOf(ctx, seller);
    await as(ctx, late).post('/api/review', review(late, seller, 5));
    expect((await as(ctx).get(`/api/listing/${listing_id}`)).json()[0].rating).toBe(4);
  });

  it('allows one review per seller (409 on the second), even when sent at once', async () => {
    const seller = await signedInUser(ctx);
    const author = await customerOf(ctx, seller);
    const first = await as(ctx, author).post('/api/review', review(author, seller, 5));
    expect(first.statusCode).toBe(201);
    const again = await as(ctx, author).post('/api/review', review(author, seller, 1));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reviewed/);

    const other = await customerOf(ctx, seller);
    const twice = await Promise.all([
      as(ctx, other).post('/api/review', review(other, seller, 2)),
      as(ctx, other).post('/api/review', review(other, seller, 2)),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const reviews = await as(ctx).get(`/api/review/${seller.user.user_id}`);
    expect(reviews.json()).toHaveLength(2);
  });

  it('refuses visitors, forged authors and self-reviews, storing nothing', async () => {
    const seller = await signedInUser(ctx);
    const author = await signedInUser(ctx);
    const rows = await countRows(ctx);
    expect((await as(ctx).post('/api/review', review(author, seller, 5))).statusCode).toBe(401);
    expect((await as(ctx, seller).post('/api/review', review(author, seller, 5))).statusCode).toBe(
      403,
    );
    const self = await as(ctx, seller).post('/api/review', review(seller, seller, 5));
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toMatch(/yourself/);
    expect(await countRows(ctx)).toEqual(rows);
  });

  it.each([
    ['rating 0', { rating: 0 }, 400],
    ['rating 6', { rating: 6 }, 400],
    ['a fractional rating', { rating: 2.5 }, 400],
    ['a rating in words', { rating: 'five' }, 400],
    ['a rating as a fraction in text', { rating: '4.5' }, 400],
    ['a missing rating', { rating: undefined }, 400],
    ['a comment over 2000 characters', { comment: 'x'.repeat(2001) }, 400],
    ['an extra field', { review_date: '2020-01-01' }, 400],
    ['an unknown seller', { vendor_id: 999999 }, 404],
  ])('refuses %s', async (_label, overrides, status) => {
    const seller = await signedInUser(ctx);
    const author = await customerOf(ctx, seller);
    const rows = await countRows(ctx);
    const res = await as(ctx, author).post('/api/review', {
      ...review(author, seller, 4),
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await countRows(ctx)).toEqual(rows);
  });
});

describe('GET /api/review/{vendorId}', () => {
  it('lists a seller’s reviews newest first, for anyone', async () => {
    const seller = await signedInUser(ctx);
    const first = await customerOf(ctx, seller, { username: 'early_bird' });
    const second = await customerOf(ctx, seller, { username: 'late_owl' });
    await as(ctx, first).post('/api/review', review(first, seller, 2, 'Slow'));
    await as(ctx, second).post('/api/review', review(second, seller, 5, 'Fast'));
    const res = await as(ctx).get(`/api/review/${seller.user.user_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: Review) => [r.username, r.comment])).toEqual([
      ['late_owl', 'Fast'],
      ['early_bird', 'Slow'],
    ]);
    expect((await as(ctx).get('/api/review/999999')).json()).toEqual([]);
    expect((await as(ctx).get('/api/review/x')).statusCode).toBe(400);
  });
});

describe('reviews follow dealings', () => {
  const NEEDS = /only after a conversation about one of their listings or a delivery/;

  it('refuses someone who never dealt with the seller (403) and stores nothing', async () => {
    const seller = await signedInUser(ctx);
    const stranger = await signedInUser(ctx);
    const rows = await countRows(ctx);
    const res = await as(ctx, stranger).post('/api/review', review(stranger, seller, 1));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.stringMatching(NEEDS), code: 'forbidden' });
    expect(await countRows(ctx)).toEqual(rows);
    // Even with a broken body: who before what.
    const broken = await as(ctx, stranger).post('/api/review', {
      ...review(stranger, seller, 9),
    });
    expect(broken.statusCode).toBe(403);
  });

  it('lets a buyer the seller wrote to review (a conversation in either direction)', async () => {
    const seller = await signedInUser(ctx);
    const buyer = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, seller);
    await wrote(ctx, seller, buyer, listing_id, 'Want it?');
    const res = await as(ctx, buyer).post('/api/review', review(buyer, seller, 5));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('does not count a conversation about someone else’s listing', async () => {
    const seller = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const buyer = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, other);
    // The seller and the buyer talked, but about a listing that is not the seller's.
    await wrote(ctx, buyer, seller, listing_id, 'hello');
    expect((await as(ctx, buyer).post('/api/review', review(buyer, seller, 5))).statusCode).toBe(
      403,
    );
  });

  it('lets a buyer who received an item by delivery review, not one whose delivery is on the way', async () => {
    const p = await parties(ctx);
    const carrier = await courier(ctx);
    const request = await requestDelivery(ctx, p);
    const delivery = await acceptRequest(ctx, p, request.delivery_request_id);
    const pending = await as(ctx, p.buyer).post('/api/review', review(p.buyer, p.vendor, 4));
    expect(pending.statusCode).toBe(403);
    await ctx.database.db
      .updateTable('delivery_instructions')
      .set({ delivery_status: 'Delivered', courier_id: carrier.user.user_id })
      .where('delivery_id', '=', delivery.delivery_id)
      .execute();
    const res = await as(ctx, p.buyer).post('/api/review', review(p.buyer, p.vendor, 4));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('tells the client whether "Write a review" shows (GET /api/review/eligibility/{vendorId})', async () => {
    const seller = await signedInUser(ctx);
    const stranger = await signedInUser(ctx);
    const customer = await customerOf(ctx, seller);
    const ask = (who: Actor | undefined, id = seller.user.user_id) =>
      as(ctx, who).get(`/api/review/eligibility/${id}`);

    expect((await ask(undefined)).statusCode).toBe(401);
    const no = await ask(stranger);
    expect(no.statusCode).toBe(200);
    expect(no.headers['cache-control']).toBe('no-store');
    expect(no.json()).toEqual({ can_review: false, message: expect.stringMatching(NEEDS) });
    expect((await ask(seller)).json()).toEqual({
      can_review: false,
      message: 'You cannot review yourself.',
    });
    expect((await ask(customer)).json()).toEqual({ can_review: true, message: null });
    await as(ctx, customer).post('/api/review', review(customer, seller, 5));
    expect((await ask(customer)).json()).toEqual({
      can_review: false,
      message: 'You have already reviewed this seller.',
    });
    expect((await ask(customer, 999999)).statusCode).toBe(404);
    expect((await as(ctx, customer).get('/api/review/eligibility/x')).statusCode).toBe(400);
  });
});
