import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReviewBody, review, vendorParams } from '#shared/schemas/reviews.js';
import { ACCOUNT_GONE_MESSAGE } from '#shared/leaving.js';
import { REVIEW_NEEDS_INTERACTION } from '#shared/moderation.js';
import { reviewEligibility } from '#shared/schemas/moderation.js';
import { badRequest, conflict, notFound } from '#server/lib/http-error.js';
import { accountState, userExists } from '#server/lib/users-repository.js';
import { sharedAnswer } from '#server/plugins/cache-control.js';
import { asCaller, owns, self, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { requireSelf } from '#server/plugins/session.js';
import { idempotent } from '#server/idempotency/idempotent.js';
import { findReview, hadInteraction, hasReviewed, insertReview, reviewsOf } from './repository.js';

const ALREADY_REVIEWED = 'You have already reviewed this seller.';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/api/review/:vendorId',
    { ...sharedAnswer, schema: { params: vendorParams, response: { 200: z.array(review) } } },
    async (r) => reviewsOf(db, r.params.vendorId),
  );

  /** Whether "Write a review" shows: not the seller, not yet reviewed, and dealt with them. */
  app.get(
    '/api/review/eligibility/:vendorId',
    { ...signedIn(), schema: { params: vendorParams, response: { 200: reviewEligibility } } },
    asCaller(async (user, request) => {
      const vendorId = request.params.vendorId;
      const state = await accountState(db, vendorId);
      if (state === 'absent') throw notFound('No such seller.');
      const no = (message: string) => ({ can_review: false, message });
      if (state === 'deleted') return no(ACCOUNT_GONE_MESSAGE);
      if (vendorId === user.user_id) return no('You cannot review yourself.');
      if (await hasReviewed(db, user.user_id, vendorId)) return no(ALREADY_REVIEWED);
      if (!(await hadInteraction(db, user.user_id, vendorId))) return no(REVIEW_NEEDS_INTERACTION);
      return { can_review: true, message: null };
    }),
  );

  app.post(
    '/api/review',
    {
      ...signedIn(
        verifiedEmail(),
        self('body', 'author_id'),
        // Reviews follow dealings: a conversation about the seller's listing, or a delivery.
        owns('body', 'vendor_id', async (vendorId, user) => {
          if (vendorId === user.user_id || (await hadInteraction(db, user.user_id, vendorId))) {
            return undefined;
          }
          // An unknown seller is the handler's 404.
          return (await userExists(db, vendorId)) ? REVIEW_NEEDS_INTERACTION : undefined;
        }),
      ),
      ...idempotent(),
      schema: { body: createReviewBody, response: { 201: review } },
    },
    async (request, reply) => {
      const body = request.body;
      requireSelf(request, body.author_id);
      if (body.vendor_id === body.author_id) throw badRequest('You cannot review yourself.');
      const state = await accountState(db, body.vendor_id);
      if (state === 'absent') throw notFound('No such seller.');
      if (state === 'deleted') throw conflict(ACCOUNT_GONE_MESSAGE);
      if (await hasReviewed(db, body.author_id, body.vendor_id)) throw conflict(ALREADY_REVIEWED);
      const reviewId = await insertReview(db, body);
      const written = await findReview(db, reviewId);
      await app.notify({ type: 'review.written', actorId: body.author_id, review: written });
      return reply.code(201).send(written);
    },
  );
};
