import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '#shared/constants.js';
import { idParams } from '#shared/schemas/common.js';
import { favorite, favoriteParams, favoriteState } from '#shared/schemas/listings-favorites.js';
import { savedSearch, savedSearchBody } from '#shared/schemas/listings-saved-searches.js';
import { badRequest, conflict, notFound } from '#server/lib/http-error.js';
import { getCallersOwn } from '#server/plugins/callers-own.js';
import { asCaller, owns, signedIn } from '#server/plugins/guards.js';
import { addFavorite, favoritesOf, removeFavorite } from './favorites-repository.js';
import { markHeld } from './mark-held.js';
import { findListing } from './repository.js';
import {
  deleteSavedSearch,
  savedSearchesOf,
  savedSearchOwner,
  saveSearch,
} from './saved-searches-repository.js';

/**
 * What a signed-in person keeps an eye on (docs/api.md, "Favourites and saved searches"): a
 * heart on a listing and the Favourites page; "Save this search" beside the filter row. Every
 * answer is the caller's own (no-store, the default for /api/).
 */
export const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  getCallersOwn(app, '/api/favorites', z.array(favorite), async (db, userId) =>
    markHeld(db, await favoritesOf(db, userId)),
  );

  // PUT and DELETE say where the listing stands, so a repeat (a double tap, a replay) is a
  // harmless 200.
  const oneFavorite = {
    ...signedIn(),
    schema: { params: favoriteParams, response: { 200: favoriteState } },
  };
  app.put(
    '/api/favorites/:listingId',
    oneFavorite,
    asCaller(async (user, request) => {
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
      return { listing_id: listingId, favorite: true };
    }),
  );

  app.delete(
    '/api/favorites/:listingId',
    oneFavorite,
    asCaller(async (user, request) => {
      const { listingId } = request.params;
      await removeFavorite(db, user.user_id, listingId);
      return { listing_id: listingId, favorite: false };
    }),
  );

  getCallersOwn(app, '/api/saved-searches', z.array(savedSearch), savedSearchesOf);

  app.post(
    '/api/saved-searches',
    {
      ...signedIn(),
      schema: { body: savedSearchBody, response: { 200: savedSearch, 201: savedSearch } },
    },
    asCaller(async (user, request, reply) => {
      const saved = await saveSearch(db, user.user_id, request.body);
      if (saved.outcome === 'full') {
        throw conflict(
          `You can keep at most ${LIMITS.savedSearches} saved searches. Delete one to save another.`,
        );
      }
      return reply.code(saved.outcome === 'created' ? 201 : 200).send(saved.search);
    }),
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      ...signedIn(
        owns('params', 'id', async (id, user) => {
          const owner = await savedSearchOwner(db, id);
          return owner && owner.user_id !== user.user_id
            ? "That saved search is someone else's."
            : undefined;
        }),
      ),
      schema: { params: idParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const owner = await savedSearchOwner(db, request.params.id);
      if (!owner) throw notFound('No such saved search.');
      await deleteSavedSearch(db, request.params.id);
      return { message: 'Saved search deleted.' };
    },
  );
};
