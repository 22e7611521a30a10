import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_RECEIVED } from '#shared/moderation.js';
import { createReportBody, reportCreated } from '#shared/schemas/moderation.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { badRequest, conflict, notFound } from '#server/lib/http-error.js';
import { asCaller, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { spendFloodAllowance } from '#server/safety/flood-limit.js';
import { idempotent } from '#server/idempotency/idempotent.js';
import { hasOpenReport, insertReport, reportableTarget } from './reports-repository.js';

const NOT_FOUND = {
  listing: 'No item Found',
  user: 'No such user.',
  message: 'No such message.',
} as const;

const ALREADY = 'You have already reported this. A moderator will look at it.';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** A report changes nothing for the reporter or the target until a moderator acts. */
  app.post(
    '/api/reports',
    {
      ...signedIn(verifiedEmail()),
      ...idempotent(),
      schema: { body: createReportBody, response: { 201: reportCreated } },
    },
    asCaller(async (user, request, reply) => {
      const { target_type, target_id, reason, note } = request.body;
      const target = await reportableTarget(db, target_type, target_id, user.user_id);
      if (!target) throw notFound(NOT_FOUND[target_type]);
      if (target.ownerId === user.user_id) {
        throw badRequest(
          target_type === 'user'
            ? 'You cannot report yourself.'
            : `You cannot report your own ${target_type}.`,
        );
      }
      if (await hasOpenReport(db, user.user_id, target_type, target_id)) throw conflict(ALREADY);
      await spendFloodAllowance(app, user.user_id, ['reportsPerDay']);
      try {
        const report = await insertReport(db, {
          reporter_id: user.user_id,
          target_type,
          target_id,
          reason,
          note,
          snapshot: target.snapshot,
        });
        return reply.code(201).send({ ...report, message: REPORT_RECEIVED });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(ALREADY);
        throw error;
      }
    }),
  );
};
