import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReviewBody, review, vendorParams } from '#shared/schemas/reviews.js';
import { badRequest, conflict, notFound } from '#server/lib/http-error.js';
import { self, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { requireSelf } from '#server/plugins/session.js';
import { findReview, hasReviewed, insertReview, reviewsOf, vendorExists } from './repository.js';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/api/review/:vendorId',
    { schema: { params: vendorParams, response: { 200: z.array(review) } } },
    async (r) => reviewsOf(db, r.params.vendorId),
  );

  app.post(
    '/api/review',
    {
      ...signedIn(verifiedEmail(), self('body', 'author_id')),
      schema: { body: createReviewBody, response: { 201: review } },
    },
    async (request, reply) => {
      const body = request.body;
      requireSelf(request, body.author_id);
      if (body.vendor_id === body.author_id) throw badRequest('You cannot review yourself.');
      if (!(await vendorExists(db, body.vendor_id))) throw notFound('No such seller.');
      if (await hasReviewed(db, body.author_id, body.vendor_id))
        throw conflict('You have already reviewed this seller.');
      const reviewId = await insertReview(db, body);
      return reply.code(201).send(await findReview(db, reviewId));
    },
  );
};
