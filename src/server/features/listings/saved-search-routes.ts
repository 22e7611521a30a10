import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '#shared/constants.js';
import { idParams } from '#shared/schemas/common.js';
import { savedSearch, savedSearchBody } from '#shared/schemas/saved-searches.js';
import { conflict, notFound } from '#server/lib/http-error.js';
import { owns, signedIn } from '#server/plugins/guards.js';
import { requireUser } from '#server/plugins/session.js';
import {
  deleteSavedSearch,
  savedSearchesOf,
  savedSearchOwner,
  saveSearch,
} from './saved-searches-repository.js';

/** Saved searches: "Save this search" beside the filter row (docs/api.md, "Saved searches"). */
export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/api/saved-searches',
    { ...signedIn(), schema: { response: { 200: z.array(savedSearch) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return savedSearchesOf(db, requireUser(request).user_id);
    },
  );

  app.post(
    '/api/saved-searches',
    {
      ...signedIn(),
      schema: { body: savedSearchBody, response: { 200: savedSearch, 201: savedSearch } },
    },
    async (request, reply) => {
      const saved = await saveSearch(db, requireUser(request).user_id, request.body);
      if (saved.outcome === 'full') {
        throw conflict(
          `You can keep at most ${LIMITS.savedSearches} saved searches. Delete one to save another.`,
        );
      }
      reply.header('cache-control', 'no-store');
      return reply.code(saved.outcome === 'created' ? 201 : 200).send(saved.search);
    },
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
