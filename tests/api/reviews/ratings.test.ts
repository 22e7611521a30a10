/**
 * Every answer that carries a seller's rating gives an integer 1-5: the rounded mean of their
 * reviews, or the default 1 while there are none, with `review_count` beside it (a client that
 * computes stars from `rating` never meets null). The minRating filter follows the same rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '#server/db/factories.js';
import type { Listing, SearchPage } from '#shared/schemas/listings.js';
import { customerOf } from '../data.js';
import { appForFile, as, signedInUser, type Actor } from '../harness.js';

const ctx = await appForFile();

async function sellerWithReviews(ratings: number[], title: string) {
  const seller = await signedInUser(ctx);
  const listing = await createListing(ctx.database.db, { vendor_id: seller.user.user_id, title });
  for (const rating of ratings) {
    const author: Actor = await customerOf(ctx, seller);
    const res = await as(ctx, author).post('/api/review', {
      author_id: author.user.user_id,
      vendor_id: seller.user.user_id,
      rating,
      comment: '',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { seller, listing };
}

describe.each([
  [[], 1, 0],
  [[3], 3, 1],
  [[5, 4, 4], 4, 3],
  [[5, 4], 5, 2],
])('a seller with reviews %j', (ratings, rating, count) => {
  let seller: Actor;
  let listingId: number;
  const title = `Rated${ratings.join('')}x${count}`;
  beforeAll(async () => {
    const made = await sellerWithReviews(ratings, title);
    seller = made.seller;
    listingId = made.listing.listing_id;
  });

  it(`has rating ${rating} and review_count ${count} on the user`, async () => {
    const [user] = (await as(ctx).get(`/api/user/${seller.user.user_id}`)).json();
    expect(user).toMatchObject({ rating, review_count: count });
    expect(Number.isInteger(user.rating)).toBe(true);
    const me = (await as(ctx, seller).get('/api/me')).json();
    expect(me.user).toMatchObject({ rating, review_count: count });
  });

  it('has the same on the listing, in searches and in featured listings', async () => {
    const [listing] = (await as(ctx).get(`/api/listing/${listingId}`)).json() as Listing[];
    expect(listing).toMatchObject({ rating, review_count: count });
    const found = (await as(ctx).get(`/api/title?title=${title}`)).json() as Listing[];
    expect(found[0]).toMatchObject({ rating, review_count: count });
    const page = (await as(ctx).get(`/api/search?title=${title}`)).json() as SearchPage;
    expect(page.items[0]).toMatchObject({ rating, review_count: count });
    const active = (
      await as(ctx).get(`/api/listing/active/${seller.user.user_id}`)
    ).json() as Listing[];
    expect(active[0]).toMatchObject({ rating, review_count: count });
  });

  it('is found by the minRating filters at or below its rating only', async () => {
    for (const min of [1, 2, 3, 4]) {
      const page = (
        await as(ctx).get(`/api/search?title=${title}&minRating=${min}`)
      ).json() as SearchPage;
      expect(page.total, `minRating=${min}`).toBe(rating >= min ? 1 : 0);
    }
  });
});
