import type { FastifyInstance, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Db } from '#server/db/schema.js';
import { asCaller, signedIn } from './guards.js';

/**
 * GET `path`: what `read` finds of the caller's own (their messages, requests, blocks,
 * preferences), never anyone else's; 401 without a session. `read`'s type is what ties the
 * answer to its schema: the route's own typing cannot follow a schema passed in.
 */
export function getCallersOwn<Answer extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  answer: Answer,
  read: (db: Db, userId: number) => Promise<z.input<Answer>>,
): void {
  const schema: FastifySchema = { response: { 200: answer } };
  app.get(
    path,
    { ...signedIn(), schema },
    asCaller((user) => read(app.db, user.user_id)),
  );
}
