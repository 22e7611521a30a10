import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HOUR_MS,
  LISTING_ON_HOLD_MESSAGE,
  MEETING_MAX_AHEAD_HOURS,
  MEETING_MESSAGES,
  MEETING_MIN_LEAD_MINUTES,
  MEETING_NO_SHOW_DAYS,
  OFFER_CLOSED_REASONS,
  OFFER_MESSAGES,
  isOpenMeeting,
  type MeetingAction,
} from '#shared/sales.js';
import { idParams } from '#shared/schemas/common.js';
import {
  changeMeetingBody,
  meeting,
  meetingsQuery,
  proposeMeetingBody,
  type Meeting,
} from '#shared/schemas/sales.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { idempotent } from '#server/idempotency/idempotent.js';
import { badRequest, conflict, forbidden, notFound } from '#server/lib/http-error.js';
import { asCaller, owns, rawChoice, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { blockRefusal } from '#server/safety/blocks.js';
import { hasDeliveryUnderWay, lockListing } from '#server/safety/one-sale.js';
import { activeHold, closeOpenOffers, recordSale } from '#server/safety/sale-holds-repository.js';
import { checkMeetingCode } from './meeting-code.js';
import {
  findMeeting,
  insertMeeting,
  markListingSold,
  meetingCodesFor,
  meetingsOf,
  moveMeeting,
  openMeetingOfHold,
} from './meetings-repository.js';
import { findHold, findOffer, listingForOffer, listingTitle } from './repository.js';
import { settleSales, tellMeeting } from './settle.js';

const oneOpen = () => conflict(MEETING_MESSAGES.oneOpen, 'meeting_open');
const onItsWay = () => conflict(MEETING_MESSAGES.onItsWay, 'listing_taken');
const changedMeanwhile = () => conflict('This meeting changed meanwhile. Reload it and try again.');

/** A time the two may meet at: from a few minutes ahead to a while ahead. Answers it in UTC. */
function plannedTime(at: string): string {
  const ms = Date.parse(at);
  if (ms < Date.now() + MEETING_MIN_LEAD_MINUTES * 60_000) {
    throw badRequest(MEETING_MESSAGES.tooSoon);
  }
  if (ms > Date.now() + MEETING_MAX_AHEAD_HOURS * HOUR_MS) {
    throw badRequest(MEETING_MESSAGES.tooFar);
  }
  return new Date(ms).toISOString();
}

/** The same step again on a meeting it already finished: a replay, answered as it is. */
function isRepeat(m: Meeting, action: MeetingAction, callerId: number): boolean {
  return (
    (m.status === 'Completed' && action === 'complete') ||
    (m.status === 'Cancelled' && action === 'cancel') ||
    (m.status === 'NoShow' && action === 'no_show' && m.no_show_by === callerId)
  );
}

/**
 * Meetings on campus for a held listing (docs/api.md, "Sales"; docs/sales-states.md): a spot and
 * a time proposed by one side and agreed by the other, changeable until it happens, completed by
 * the seller with the buyer's handover code, which records the sale.
 */
export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const settle = () => settleSales(app);

  /**
   * Meetings as the caller reads them: the buyer's own open ones carry the handover code. Only
   * this read does: the answers of writes never carry it, so no stored answer (Idempotency-Key)
   * keeps it either.
   */
  async function asSeenBy(callerId: number, meetings: Meeting[]): Promise<Meeting[]> {
    const theirs = meetings.filter((m) => m.buyer_id === callerId && isOpenMeeting(m.status));
    const codes = await meetingCodesFor(
      db,
      theirs.map((m) => m.meeting_id),
    );
    return meetings.map((m) => ({ ...m, handover_code: codes.get(m.meeting_id) ?? null }));
  }
  /** A write's answer: the meeting as it is now, without the code. */
  const answer = async (meetingId: number) => (await findMeeting(db, meetingId))!;

  const holdParty = owns('body', 'hold_id', async (holdId, user) => {
    const found = await findHold(db, holdId);
    if (!found) return undefined;
    if (found.buyer_id !== user.user_id && found.seller_id !== user.user_id) {
      return MEETING_MESSAGES.needsHold;
    }
    // Nobody meets someone who blocked them, or whom they blocked.
    const other = found.buyer_id === user.user_id ? found.seller_id : found.buyer_id;
    return blockRefusal(db, user.user_id, other);
  });

  const meetingParty = owns('params', 'id', async (meetingId, user, request) => {
    const found = await findMeeting(db, meetingId);
    if (!found) return undefined;
    if (found.buyer_id !== user.user_id && found.seller_id !== user.user_id) {
      return MEETING_MESSAGES.notYours;
    }
    if (rawChoice(request, 'action') === 'complete' && found.seller_id !== user.user_id) {
      return MEETING_MESSAGES.sellerTypesCode;
    }
    return undefined;
  });

  app.post(
    '/api/meetings',
    {
      ...signedIn(verifiedEmail(), holdParty),
      ...idempotent(),
      schema: { body: proposeMeetingBody, response: { 201: meeting } },
    },
    asCaller(async (user, request, reply) => {
      const at = plannedTime(request.body.at);
      await settle();
      const held = await findHold(db, request.body.hold_id);
      if (!held) throw notFound('No such hold.');
      if (held.status !== 'Active') throw conflict(MEETING_MESSAGES.needsHold);
      if (await openMeetingOfHold(db, held.hold_id)) throw oneOpen();
      if (await hasDeliveryUnderWay(db, held.listing_id)) throw onItsWay();
      const meetingId = await insertMeeting(db, {
        hold_id: held.hold_id,
        listing_id: held.listing_id,
        seller_id: held.seller_id,
        buyer_id: held.buyer_id,
        location: request.body.location,
        at,
        proposed_by: user.user_id,
      }).catch((error: unknown) => {
        // Two proposals at once (a double tap, both sides): the unique open meeting refuses one.
        if (isUniqueViolation(error)) throw oneOpen();
        throw error;
      });
      await tellMeeting(app, meetingId, 'proposed', user.user_id);
      return reply.code(201).send(await answer(meetingId));
    }),
  );

  /** The caller's meetings, as buyer or seller: open ones first (soonest first). */
  app.get(
    '/api/meetings',
    { ...signedIn(), schema: { querystring: meetingsQuery, response: { 200: z.array(meeting) } } },
    asCaller(async (user, request) => {
      await settle();
      return asSeenBy(user.user_id, await meetingsOf(db, user.user_id, request.query.listing_id));
    }),
  );

  app.put(
    '/api/meetings/:id',
    {
      ...signedIn(verifiedEmail(), meetingParty),
      // A code typed offline carries the key of its tap in every replay: it completes once.
      ...idempotent(),
      schema: { params: idParams, body: changeMeetingBody, response: { 200: meeting } },
    },
    asCaller(async (user, request) => {
      const { action, location, code } = request.body;
      if (action !== 'change' && (location !== undefined || request.body.at !== undefined)) {
        throw badRequest('Send a spot or a time with change only.');
      }
      if (action !== 'complete' && code !== undefined) {
        throw badRequest('Send the handover code with complete only.');
      }
      const at = request.body.at === undefined ? undefined : plannedTime(request.body.at);
      await settle();
      const found = await findMeeting(db, request.params.id);
      if (!found) throw notFound('No such meeting.');
      const callerId = user.user_id;
      if (!isOpenMeeting(found.status)) {
        if (isRepeat(found, action, callerId)) return answer(found.meeting_id);
        throw conflict(MEETING_MESSAGES.finished(found.status));
      }
      const other = found.seller_id === callerId ? found.buyer_id : found.seller_id;
      // Either side may still call it off, or say the other did not come, after a block.
      if (action !== 'cancel' && action !== 'no_show') {
        const refusal = await blockRefusal(db, callerId, other);
        if (refusal) throw forbidden(refusal);
      }
      const move = async (
        to: Parameters<typeof moveMeeting>[3],
        change: Parameters<typeof tellMeeting>[2],
      ) => {
        if (!(await moveMeeting(db, found.meeting_id, found.status, to))) throw changedMeanwhile();
        await tellMeeting(app, found.meeting_id, change, callerId);
        return answer(found.meeting_id);
      };

      switch (action) {
        case 'accept':
          if (found.status === 'Agreed') return answer(found.meeting_id);
          if (found.proposed_by === callerId) throw conflict(MEETING_MESSAGES.notYourMove);
          return move({ status: 'Agreed' }, 'agreed');
        case 'change': {
          const spot = location ?? found.location;
          const time = at ?? found.at;
          const same = spot === found.location && time === found.at;
          if (same && found.status === 'Proposed' && found.proposed_by === callerId) {
            return answer(found.meeting_id);
          }
          return move(
            { status: 'Proposed', location: spot, at: time, proposed_by: callerId },
            'changed',
          );
        }
        case 'no_show': {
          if (found.status !== 'Agreed') throw conflict(MEETING_MESSAGES.notAgreed);
          const time = Date.parse(found.at);
          if (Date.now() < time) throw conflict(MEETING_MESSAGES.notYet);
          if (Date.now() > time + MEETING_NO_SHOW_DAYS * 24 * HOUR_MS) {
            throw conflict(MEETING_MESSAGES.tooLate);
          }
          return move({ status: 'NoShow', no_show_by: callerId }, 'no_show');
        }
        case 'cancel':
          return move({ status: 'Cancelled' }, 'cancelled');
        case 'complete':
          if (found.status !== 'Agreed') throw conflict(MEETING_MESSAGES.notAgreed);
          return complete(callerId, found, code!);
      }
    }),
  );

  /**
   * The seller typed the buyer's code: one transaction records the sale at the agreed price and
   * spot, sells the listing, completes its hold and closes other buyers' open offers, one sale
   * of the listing at a time (the row lock a delivery's accept takes too).
   */
  async function complete(sellerId: number, found: Meeting, code: string) {
    const listingId = found.listing_id;
    const available = async (q = db) => {
      const listing = await listingForOffer(q, listingId);
      if (!listing || listing.listing_status !== 'Active') throw conflict(OFFER_MESSAGES.notActive);
      const held = await activeHold(q, listingId);
      if (held && held.buyer_id !== found.buyer_id) {
        throw conflict(LISTING_ON_HOLD_MESSAGE, 'listing_on_hold');
      }
      if (await hasDeliveryUnderWay(q, listingId)) throw onItsWay();
    };
    // Refused for the item's sake before a try of the code is spent.
    await available();
    await checkMeetingCode(app, found.meeting_id, code);
    const closed = await db.transaction().execute(async (trx) => {
      await lockListing(trx, app.dialect, listingId);
      await available(trx);
      if (!(await moveMeeting(trx, found.meeting_id, 'Agreed', { status: 'Completed' }))) {
        return null;
      }
      await markListingSold(trx, listingId);
      await recordSale(trx, {
        listing_id: listingId,
        seller_id: found.seller_id,
        buyer_id: found.buyer_id,
        agreed_price_cents: Math.round(found.agreed_amount * 100),
        how: 'meeting',
        location: found.location,
      });
      return closeOpenOffers(trx, listingId, OFFER_CLOSED_REASONS.sold);
    });
    if (!closed) {
      const now = await findMeeting(db, found.meeting_id);
      if (now?.status === 'Completed') return answer(found.meeting_id);
      throw changedMeanwhile();
    }
    await tellMeeting(app, found.meeting_id, 'completed', sellerId);
    const hold = await findHold(db, found.hold_id);
    if (hold) {
      const { title } = await listingTitle(db, listingId);
      await app.notify({ type: 'hold.changed', actorId: sellerId, hold, title });
    }
    for (const offerId of closed) {
      const offer = await findOffer(db, offerId);
      if (offer) await app.notify({ type: 'offer.changed', actorId: sellerId, offer });
    }
    return answer(found.meeting_id);
  }
};
