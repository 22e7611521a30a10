import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '#shared/constants.js';
import { favorite, favoriteParams, favoriteState } from '#shared/schemas/favorites.js';
import { badRequest, conflict, notFound } from '#server/lib/http-error.js';
import { signedIn } from '#server/plugins/guards.js';
import { requireUser } from '#server/plugins/session.js';
import { addFavorite, favoritesOf, removeFavorite } from './favorites-repository.js';
import { findListing } from './repository.js';

/** Favourites: a heart on a listing, the Favourites page (docs/api.md, "Favourites"). */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/api/favorites',
    { ...signedIn(), schema: { response: { 200: z.array(favorite) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return favoritesOf(db, requireUser(request).user_id);
    },
  );

  // PUT and DELETE say where the listing stands, so a repeat (a double tap, a replay) is a
  // harmless 200.
  app.put(
    '/api/favorites/:listingId',
    { ...signedIn(), schema: { params: favoriteParams, response: { 200: favoriteState } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { listingId } = request.params;
      const found = await findListing(db, listingId);
      if (!found) throw notFound('No item Found');
      if (found.vendor_id === user.user_id) {
        throw badRequest('You cannot add your own listing to your favourites.');
      }
      if ((await addFavorite(db, user.user_id, listingId)) === 'full') {
        throw conflict(
          `You can keep at most ${LIMITS.favorites} favourites. Remove one to add another.`,
        );
      }
      reply.header('cache-control', 'no-store');
      return { listing_id: listingId, favorite: true };
    },
  );

  app.delete(
    '/api/favorites/:listingId',
    { ...signedIn(), schema: { params: favoriteParams, response: { 200: favoriteState } } },
    async (request, reply) => {
      const { listingId } = request.params;
      await removeFavorite(db, requireUser(request).user_id, listingId);
      reply.header('cache-control', 'no-store');
      return { listing_id: listingId, favorite: false };
    },
  );
};
