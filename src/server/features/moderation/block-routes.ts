import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockBody, blockedUser, blockParams } from '#shared/schemas/moderation.js';
import { badRequest, notFound } from '#server/lib/http-error.js';
import { userExists } from '#server/lib/users-repository.js';
import { asCaller, signedIn } from '#server/plugins/guards.js';
import { getCallersOwn } from '#server/plugins/callers-own.js';
import { blocksOf, deleteBlock, insertBlock } from './blocks-repository.js';

/**
 * Blocking is between two people and silent: the blocked person is not told, their messages
 * leave the blocker's screens, and neither can message the other or ask the other for a
 * delivery until the blocker lifts it.
 */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  getCallersOwn(app, '/api/blocks', z.array(blockedUser), blocksOf);

  app.post(
    '/api/blocks',
    { ...signedIn(), schema: { body: blockBody, response: { 201: blockedUser } } },
    asCaller(async (user, request, reply) => {
      const otherId = request.body.user_id;
      if (otherId === user.user_id) throw badRequest('You cannot block yourself.');
      if (!(await userExists(db, otherId))) throw notFound('No such user.');
      await insertBlock(db, user.user_id, otherId);
      const blocked = (await blocksOf(db, user.user_id)).find((b) => b.user_id === otherId)!;
      return reply.code(201).send(blocked);
    }),
  );

  app.delete(
    '/api/blocks/:user_id',
    {
      ...signedIn(),
      schema: { params: blockParams, response: { 200: z.object({ message: z.string() }) } },
    },
    asCaller(async (user, request) => {
      if (!(await deleteBlock(db, user.user_id, request.params.user_id))) {
        throw notFound('You have not blocked this person.');
      }
      return { message: 'Unblocked.' };
    }),
  );
};
