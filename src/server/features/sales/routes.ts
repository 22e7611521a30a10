import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HOLD_MESSAGES,
  LISTING_ON_HOLD_MESSAGE,
  OFFER_CLOSED_REASONS,
  OFFER_MESSAGES,
  offerMove,
} from '#shared/sales.js';
import { idParams } from '#shared/schemas/common.js';
import {
  answerOfferBody,
  changeHoldBody,
  conversationOffersQuery,
  createHoldBody,
  hold,
  listingOffersQuery,
  makeOfferBody,
  offer,
  sale,
} from '#shared/schemas/sales.js';
import { isUniqueViolation } from '#server/db/errors.js';
import type { Db } from '#server/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '#server/lib/http-error.js';
import { accountState } from '#server/lib/users-repository.js';
import { asCaller, owns, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { idempotent } from '#server/idempotency/idempotent.js';
import { blockRefusal } from '#server/safety/blocks.js';
import { spendFloodAllowance } from '#server/safety/flood-limit.js';
import { activeHold, closeOpenOffers, dealtAbout } from '#server/safety/sale-holds-repository.js';
import {
  extendHold,
  findHold,
  findOffer,
  holdsOfListing,
  insertHold,
  insertOffer,
  listingForOffer,
  listingTitle,
  moveOffer,
  offersOfListing,
  releaseHold,
  salesOf,
} from './repository.js';
import { settleSales, tellHoldEnded } from './settle.js';

const onHold = () => conflict(LISTING_ON_HOLD_MESSAGE, 'listing_on_hold');
const oneOpen = () => conflict(OFFER_MESSAGES.oneOpen, 'offer_open');

/**
 * Offers, holds and the record of sales (docs/api.md, "Sales"; docs/sales-states.md). Time
 * moves them too: every call first stores what lapsed (settle.ts), as the sales clock does.
 */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const settle = () => settleSales(app);

  /** The listing offers and holds are about, unless it is gone (deleted by its seller). */
  const listingUp = async (listingId: number) => {
    const listing = await listingForOffer(db, listingId);
    if (!listing || listing.listing_status === 'Deleted') throw notFound('No item Found');
    return listing;
  };

  /**
   * Holds a listing for its buyer and closes other buyers' open offers (it is on hold for
   * someone else), in one transaction, after `first` (null when `first` found nothing to do).
   * Another hold that got there first is `taken`.
   */
  const holdListing = (
    newHold: Parameters<typeof insertHold>[1],
    taken: () => Error,
    first: (trx: Db) => Promise<boolean> = async () => true,
  ) =>
    db
      .transaction()
      .execute(async (trx) => {
        if (!(await first(trx))) return null;
        const holdId = await insertHold(trx, newHold);
        const closed = await closeOpenOffers(
          trx,
          newHold.listing_id,
          OFFER_CLOSED_REASONS.heldForAnother,
          newHold.buyer_id,
        );
        return { holdId, closed };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      });

  /** GET `path`: a listing's offers or holds; its seller reads them all, anyone else their own. */
  const listingReads = <Row extends z.ZodType>(
    path: string,
    row: Row,
    list: (db: Db, listingId: number, buyerId?: number) => Promise<z.infer<Row>[]>,
  ) =>
    app.get(
      path,
      {
        ...signedIn(),
        schema: { querystring: listingOffersQuery, response: { 200: z.array(row) } },
      },
      asCaller(async (user, request) => {
        await settle();
        const listing = await listingUp(request.query.listing_id);
        const seller = listing.vendor_id === user.user_id;
        return list(db, listing.listing_id, seller ? undefined : user.user_id);
      }),
    );

  const offerParty = owns('params', 'id', async (offerId, user) => {
    const found = await findOffer(db, offerId);
    return found && found.buyer_id !== user.user_id && found.seller_id !== user.user_id
      ? OFFER_MESSAGES.notYours
      : undefined;
  });

  app.post(
    '/api/offers',
    {
      ...signedIn(
        verifiedEmail(),
        owns('body', 'listing_id', async (listingId, user) => {
          const listing = await listingForOffer(db, listingId);
          if (!listing) return undefined;
          if (listing.vendor_id === user.user_id) return OFFER_MESSAGES.ownListing;
          // Nobody makes offers to someone who blocked them, or whom they blocked.
          return blockRefusal(db, user.user_id, listing.vendor_id);
        }),
      ),
      ...idempotent(),
      schema: { body: makeOfferBody, response: { 201: offer } },
    },
    asCaller(async (user, request, reply) => {
      const body = request.body;
      await settle();
      const listing = await listingUp(body.listing_id);
      if (listing.vendor_id === user.user_id) throw forbidden(OFFER_MESSAGES.ownListing);
      if (listing.listing_status !== 'Active') throw conflict(OFFER_MESSAGES.notActive);
      const held = await activeHold(db, listing.listing_id);
      if (held && held.buyer_id !== user.user_id) throw onHold();
      if (held) throw conflict('This item is already on hold for you.');
      const mine = await offersOfListing(db, listing.listing_id, user.user_id);
      if (mine.some((o) => o.status === 'Pending' || o.status === 'Countered')) throw oneOpen();
      await spendFloodAllowance(app, user.user_id, ['offersPerDay']);
      const offerId = await insertOffer(db, {
        listing_id: listing.listing_id,
        buyer_id: user.user_id,
        seller_id: listing.vendor_id,
        amount: body.amount,
        note: body.note,
      }).catch((error: unknown) => {
        // Two offers at once (a double tap): the unique open offer refuses the second.
        if (isUniqueViolation(error)) throw oneOpen();
        throw error;
      });
      const made = (await findOffer(db, offerId))!;
      await app.notify({ type: 'offer.changed', actorId: user.user_id, offer: made });
      return reply.code(201).send(made);
    }),
  );

  listingReads('/api/offers', offer, offersOfListing);

  /** The offers of one conversation (the caller and the other person, about the listing). */
  app.get(
    '/api/offers/conversation',
    {
      ...signedIn(),
      schema: { querystring: conversationOffersQuery, response: { 200: z.array(offer) } },
    },
    asCaller(async (user, request) => {
      await settle();
      const { listing_id, other_user_id } = request.query;
      const listing = await listingForOffer(db, listing_id);
      if (!listing) throw notFound('No item Found');
      if (listing.vendor_id === user.user_id) {
        return offersOfListing(db, listing_id, other_user_id);
      }
      if (listing.vendor_id === other_user_id) return offersOfListing(db, listing_id, user.user_id);
      return [];
    }),
  );

  app.put(
    '/api/offers/:id',
    {
      ...signedIn(verifiedEmail(), offerParty),
      ...idempotent(),
      schema: { params: idParams, body: answerOfferBody, response: { 200: offer } },
    },
    asCaller(async (user, request) => {
      await settle();
      const found = await findOffer(db, request.params.id);
      if (!found) throw notFound('No such offer.');
      const side = found.buyer_id === user.user_id ? 'buyer' : 'seller';
      const { action, amount } = request.body;
      const move = offerMove(found.status, side, action);
      if ('refused' in move) throw conflict(move.refused);
      const other = side === 'buyer' ? found.seller_id : found.buyer_id;
      const refusal = await blockRefusal(db, user.user_id, other);
      if (refusal) throw forbidden(refusal);
      const amountCents = amount === undefined ? undefined : Math.round(amount * 100);
      if (move.to === 'Countered' || move.to === 'Pending') {
        await spendFloodAllowance(app, user.user_id, ['offersPerDay']);
      }
      if (move.to !== 'Accepted') {
        const amounts =
          move.to === 'Countered'
            ? { counter_cents: amountCents! }
            : move.to === 'Pending'
              ? { amount_cents: amountCents!, counter_cents: null }
              : {};
        if (!(await moveOffer(db, found.offer_id, found.status, move.to, amounts))) {
          throw conflict('This offer changed meanwhile. Reload it and try again.');
        }
        const moved = (await findOffer(db, found.offer_id))!;
        await app.notify({ type: 'offer.changed', actorId: user.user_id, offer: moved });
        return moved;
      }
      return acceptOffer(user.user_id, found);
    }),
  );

  /**
   * An accepted offer fixes the price and holds the listing for its buyer: one transaction, so
   * an accept and another hold racing each other cannot both hold it. Other buyers' open offers
   * close (it is on hold for someone else).
   */
  async function acceptOffer(actorId: number, found: z.infer<typeof offer>) {
    const listing = await listingForOffer(db, found.listing_id);
    if (!listing || listing.listing_status !== 'Active') throw conflict(OFFER_MESSAGES.notActive);
    const held = await activeHold(db, found.listing_id);
    if (held && held.buyer_id !== found.buyer_id) throw onHold();
    if (held) throw conflict(HOLD_MESSAGES.already);
    const agreedCents = Math.round(
      (found.status === 'Countered' ? found.counter_amount! : found.amount) * 100,
    );
    const { listing_id, seller_id, buyer_id, offer_id } = found;
    const result = await holdListing(
      { listing_id, seller_id, buyer_id, offer_id, agreed_cents: agreedCents },
      onHold,
      (trx) =>
        moveOffer(trx, found.offer_id, found.status, 'Accepted', { agreed_cents: agreedCents }),
    );
    if (!result) throw conflict('This offer changed meanwhile. Reload it and try again.');
    const accepted = (await findOffer(db, found.offer_id))!;
    await app.notify({ type: 'offer.changed', actorId, offer: accepted });
    await tellHold(actorId, result.holdId);
    await tellClosed(actorId, result.closed);
    return accepted;
  }

  async function tellHold(actorId: number, holdId: number) {
    const h = (await findHold(db, holdId))!;
    const { title } = await listingTitle(db, h.listing_id);
    await app.notify({ type: 'hold.changed', actorId, hold: h, title });
    return h;
  }

  async function tellClosed(actorId: number, offerIds: number[]) {
    for (const offerId of offerIds) {
      const closed = (await findOffer(db, offerId))!;
      await app.notify({ type: 'offer.changed', actorId, offer: closed });
    }
  }

  const sellerOfListing = owns('body', 'listing_id', async (listingId, user) => {
    const listing = await listingForOffer(db, listingId);
    return listing && listing.vendor_id !== user.user_id
      ? 'Only the seller can hold this item.'
      : undefined;
  });

  /** The seller's "Hold for <buyer>": someone who wrote to them about it or made an offer. */
  app.post(
    '/api/holds',
    {
      ...signedIn(verifiedEmail(), sellerOfListing),
      ...idempotent(),
      schema: { body: createHoldBody, response: { 201: hold } },
    },
    asCaller(async (user, request, reply) => {
      const { listing_id, buyer_id } = request.body;
      await settle();
      const listing = await listingUp(listing_id);
      if (listing.vendor_id !== user.user_id)
        throw forbidden('Only the seller can hold this item.');
      if (buyer_id === user.user_id) throw badRequest(HOLD_MESSAGES.ownListing);
      if (listing.listing_status !== 'Active') throw conflict(OFFER_MESSAGES.notActive);
      const state = await accountState(db, buyer_id);
      if (state !== 'present') throw notFound('No such user.');
      const refusal = await blockRefusal(db, user.user_id, buyer_id);
      if (refusal) throw forbidden(refusal);
      if (await activeHold(db, listing_id)) throw conflict(HOLD_MESSAGES.already);
      if (!(await dealtAbout(db, listing_id, user.user_id, buyer_id))) {
        throw conflict(HOLD_MESSAGES.needsTalk);
      }
      // Nothing comes first: the hold is made (or taken by another).
      const { holdId, closed } = (await holdListing(
        { listing_id, seller_id: user.user_id, buyer_id, offer_id: null, agreed_cents: null },
        () => conflict(HOLD_MESSAGES.already),
      ))!;
      const made = await tellHold(user.user_id, holdId);
      await tellClosed(user.user_id, closed);
      return reply.code(201).send(made);
    }),
  );

  /** A listing's holds, newest first. */
  listingReads('/api/holds', hold, holdsOfListing);

  app.put(
    '/api/holds/:id',
    {
      ...signedIn(
        owns('params', 'id', async (holdId, user) => {
          const found = await findHold(db, holdId);
          return found && found.seller_id !== user.user_id
            ? 'Only the seller can change this hold.'
            : undefined;
        }),
      ),
      ...idempotent(),
      schema: { params: idParams, body: changeHoldBody, response: { 200: hold } },
    },
    asCaller(async (user, request) => {
      await settle();
      const found = await findHold(db, request.params.id);
      if (!found) throw notFound('No such hold.');
      if (found.status !== 'Active') throw conflict(HOLD_MESSAGES.finished(found.status));
      if (request.body.action === 'extend') {
        if (found.extended) throw conflict(HOLD_MESSAGES.extendedOnce);
        if (!(await extendHold(db, found.hold_id, found.expires_at))) {
          throw conflict(HOLD_MESSAGES.extendedOnce);
        }
        return tellHold(user.user_id, found.hold_id);
      }
      if (!(await releaseHold(db, found.hold_id))) {
        throw conflict('This hold changed meanwhile. Reload it and try again.');
      }
      const released = await tellHold(user.user_id, found.hold_id);
      await tellHoldEnded(app, { listing_id: found.listing_id, seller_id: user.user_id });
      return released;
    }),
  );

  app.get(
    '/api/sales',
    { ...signedIn(), schema: { response: { 200: z.array(sale) } } },
    asCaller(async (user) => salesOf(db, user.user_id, 'seller')),
  );
  app.get(
    '/api/purchases',
    { ...signedIn(), schema: { response: { 200: z.array(sale) } } },
    asCaller(async (user) => salesOf(db, user.user_id, 'buyer')),
  );
};
