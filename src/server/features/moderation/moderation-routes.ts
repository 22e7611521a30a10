import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditEntry,
  dismissReportBody,
  hideListingBody,
  listingModeration,
  moderationParams,
  noShowEntry,
  reportGroup,
  queuePageQuery,
  suspendUserBody,
  userModeration,
} from '#shared/schemas/moderation.js';
import * as safetyPaths from '#shared/api-paths/moderation.js';
import { MODERATION_LIMITS } from '#shared/moderation.js';
import { badRequest, conflict, notFound } from '#server/lib/http-error.js';
import { moderator } from '#server/plugins/guards.js';
import { endedSessions, requireModerator } from '#server/plugins/session.js';
import { recordDecision } from '#server/safety/audit.js';
import {
  holdListing,
  listingWithHold,
  messageIdsOf,
  releaseListings,
  restoreAccount,
  suspendAccount,
  userForModeration,
} from './holds-repository.js';
import { noShows } from './no-shows-repository.js';
import { auditTrail, reportQueue } from './queue-repository.js';
import { findReport, openReportTargets, resolveReports } from './reports-repository.js';

/** Route options of a moderator's decision on the report, listing or account the path names. */
const decisionOn = <Body extends z.ZodType, Answer extends z.ZodType>(
  body: Body,
  answer: Answer,
) => ({
  ...moderator(),
  schema: { params: moderationParams, body, response: { 200: answer } },
});

/** The moderator's desk: the queue, the audit trail and the three decisions. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // A page of the queue as a plain list (what earlier clients read); a full page names the next
  // in `Link` (rel="next"), and each group's `cursor` lets a client ask for the one after it.
  app.get(
    '/api/moderation/reports',
    {
      ...moderator(),
      schema: { querystring: queuePageQuery, response: { 200: z.array(reportGroup) } },
    },
    async (request, reply) => {
      const limit = request.query.limit ?? MODERATION_LIMITS.queuePage;
      const page = await reportQueue(db, { after: request.query.cursor, limit });
      if (page.next !== null) {
        const query = new URLSearchParams({ cursor: page.next, limit: String(limit) });
        const next = `${safetyPaths.moderationReports}?${query}`;
        reply.header('link', `<${next}>; rel="next"`);
      }
      return page.groups;
    },
  );

  app.get(
    '/api/moderation/audit',
    { ...moderator(), schema: { response: { 200: z.array(auditEntry) } } },
    async () => auditTrail(db),
  );

  // Meetings on campus one side said the other did not come to: a pattern is worth a look.
  app.get(
    '/api/moderation/no-shows',
    { ...moderator(), schema: { response: { 200: z.array(noShowEntry) } } },
    async () => noShows(db, MODERATION_LIMITS.noShows),
  );

  app.put(
    '/api/moderation/reports/:id',
    decisionOn(dismissReportBody, z.object({ report_id: z.number(), status: z.string() })),
    async (request) => {
      const mod = requireModerator(request);
      const report = await findReport(db, request.params.id);
      if (!report) throw notFound('No such report.');
      if (report.status !== 'open') return { report_id: report.report_id, status: report.status };
      await db.transaction().execute(async (trx) => {
        await resolveReports(trx, { reportId: report.report_id }, 'dismissed', mod.user_id);
        await recordDecision(trx, {
          moderatorId: mod.user_id,
          actor: mod.username,
          action: 'report.dismiss',
          targetType: 'report',
          targetId: report.report_id,
          targetLabel: `${report.target_type} ${report.target_id} (${report.reason})`,
          reason: request.body.reason,
        });
      });
      return { report_id: report.report_id, status: 'dismissed' };
    },
  );

  app.put(
    '/api/moderation/listings/:id',
    decisionOn(hideListingBody, listingModeration),
    async (request) => {
      const mod = requireModerator(request);
      const { hidden, reason } = request.body;
      const listing = await listingWithHold(db, request.params.id);
      // A listing its seller deleted is gone for moderators too.
      if (!listing || (listing.listing_status === 'Deleted' && listing.hold_reason === null)) {
        throw notFound('No item Found');
      }
      const isHidden = listing.hold_reason !== null;
      if (!hidden && !isHidden) {
        return { listing_id: listing.listing_id, hidden: false, hidden_reason: null };
      }
      if (!hidden && listing.by_suspension === 1) {
        const seller = await userForModeration(db, listing.vendor_id);
        if (seller?.suspended_at) {
          throw conflict("The seller's account is suspended; restore the account to show it.");
        }
      }
      await db.transaction().execute(async (trx) => {
        if (hidden) {
          await holdListing(trx, listing, reason, mod.user_id);
          await resolveReports(
            trx,
            { type: 'listing', targetIds: [listing.listing_id] },
            'actioned',
            mod.user_id,
          );
        } else {
          await releaseListings(trx, [listing.listing_id]);
        }
        await recordDecision(trx, {
          moderatorId: mod.user_id,
          actor: mod.username,
          action: hidden ? 'listing.hide' : 'listing.restore',
          targetType: 'listing',
          targetId: listing.listing_id,
          targetLabel: listing.title,
          reason,
        });
      });
      return {
        listing_id: listing.listing_id,
        hidden,
        hidden_reason: hidden ? reason : null,
      };
    },
  );

  app.put(
    '/api/moderation/users/:id',
    decisionOn(suspendUserBody, userModeration),
    async (request) => {
      const mod = requireModerator(request);
      const { suspended, reason } = request.body;
      const person = await userForModeration(db, request.params.id);
      if (!person) throw notFound('No such user.');
      if (person.user_id === mod.user_id) throw badRequest('You cannot suspend yourself.');
      if (suspended && person.is_moderator === 1) {
        throw conflict('Moderators cannot be suspended; take the role away first.');
      }
      const isSuspended = person.suspended_at !== null;
      if (!suspended && !isSuspended) {
        return { ...pick(person), suspended: false, suspended_reason: null };
      }
      await db.transaction().execute(async (trx) => {
        if (suspended) {
          await suspendAccount(trx, person.user_id, reason, mod.user_id);
          // Reports on the account and on what it wrote are answered by the suspension.
          const open = await openReportTargets(trx, 'message');
          const messages = await messageIdsOf(trx, person.user_id, open);
          await resolveReports(
            trx,
            { type: 'user', targetIds: [person.user_id] },
            'actioned',
            mod.user_id,
          );
          await resolveReports(
            trx,
            { type: 'message', targetIds: messages },
            'actioned',
            mod.user_id,
          );
        } else {
          await restoreAccount(trx, person.user_id);
        }
        await recordDecision(trx, {
          moderatorId: mod.user_id,
          actor: mod.username,
          action: suspended ? 'user.suspend' : 'user.restore',
          targetType: 'user',
          targetId: person.user_id,
          targetLabel: person.username,
          reason,
        });
      });
      // Open event streams end with the sessions, on every instance.
      if (suspended) await endedSessions(app, person.user_id);
      return {
        ...pick(person),
        suspended,
        suspended_reason: suspended ? reason : null,
      };
    },
  );
};

const pick = (p: { user_id: number; username: string }) => ({
  user_id: p.user_id,
  username: p.username,
});
