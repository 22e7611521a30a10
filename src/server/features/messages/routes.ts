import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#shared/schemas/common.js';
import {
  directMessage,
  listingSenderQuery,
  markReadBody,
  CLIENT_ID_REUSED_MESSAGE,
  sendMessageBody,
} from '#shared/schemas/messages.js';
import { COURIER_CHAT_AFTER_DELIVERY_MS } from '#shared/delivery.js';
import { ACCOUNT_GONE_MESSAGE } from '#shared/leaving.js';
import { stripFormatCharacters } from '#shared/names.js';
import type { Db } from '#server/db/schema.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { badRequest, conflict, forbidden, httpError, notFound } from '#server/lib/http-error.js';
import { isoIn } from '#server/lib/time.js';
import { accountState } from '#server/lib/users-repository.js';
import { asCaller, owns, self, signedIn, verifiedEmail } from '#server/plugins/guards.js';
import { getCallersOwn } from '#server/plugins/callers-own.js';
import { requireSelf } from '#server/plugins/session.js';
import { blockRefusal } from '#server/safety/blocks.js';
import { spendFloodAllowance } from '#server/safety/flood-limit.js';
import { idempotent } from '#server/idempotency/idempotent.js';
import {
  findMessage,
  courierLinked,
  insertMessage,
  listingParties,
  markRead,
  messagesFromSenderAboutListing,
  messageByClientId,
  messagesOf,
} from './repository.js';

const messages = z.array(directMessage);
type SentMessage = z.output<typeof sendMessageBody>;

/**
 * The message a sender's `client_id` named already, if it did (docs/decisions/028-messages-in-the-outbox.md): the same
 * message sent again (an outbox replay after a lost answer) answers it; another message under
 * that id is refused.
 */
async function sentBefore(db: Db, body: SentMessage, clientId: string) {
  const stored = await messageByClientId(db, body.sender_id, clientId);
  if (!stored) return null;
  const same =
    stored.receiver_id === body.receiver_id &&
    stored.listing_id === body.listing_id &&
    stored.content === stripFormatCharacters(body.content);
  if (!same) throw httpError(422, CLIENT_ID_REUSED_MESSAGE, { code: 'client_id_reused' });
  return stored;
}

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** Spec: "all messages". Here: all of the caller's messages, never anyone else's. */
  getCallersOwn(app, '/api/direct_message', messages, messagesOf);

  app.get(
    '/api/direct_message/:id',
    {
      ...signedIn(self('params', 'id')),
      schema: { params: idParams, response: { 200: messages } },
    },
    async (request) => messagesOf(db, requireSelf(request, request.params.id).user_id),
  );

  app.get(
    '/api/direct_message/listing-sender/get',
    {
      ...signedIn(self('query', 'id')),
      schema: { querystring: listingSenderQuery, response: { 200: messages } },
    },
    async (request) => {
      const user = requireSelf(request, request.query.id);
      return messagesFromSenderAboutListing(db, user.user_id, request.query.listing);
    },
  );

  app.post(
    '/api/direct_message',
    {
      ...signedIn(
        verifiedEmail(),
        self('body', 'sender_id'),
        // Nobody writes to someone who blocked them, or whom they blocked.
        owns('body', 'receiver_id', (receiverId, user) =>
          blockRefusal(db, user.user_id, receiverId),
        ),
      ),
      ...idempotent(),
      schema: { body: sendMessageBody, response: { 200: directMessage, 201: directMessage } },
    },
    async (request, reply) => {
      const body = request.body;
      requireSelf(request, body.sender_id);
      if (body.receiver_id === body.sender_id) throw badRequest('You cannot message yourself.');
      const clientId = body.client_id;
      const before = clientId === undefined ? null : await sentBefore(db, body, clientId);
      if (before) return reply.code(200).send(before);
      const [listing, receiver] = await Promise.all([
        listingParties(db, body.listing_id),
        accountState(db, body.receiver_id),
      ]);
      if (!listing) throw notFound('No item Found');
      if (receiver === 'absent') throw notFound('No such user.');
      if (receiver === 'deleted') throw conflict(ACCOUNT_GONE_MESSAGE);
      // A conversation is about a listing: one side is its seller, or the two are the courier
      // and the buyer of a delivery of it that is under way or was delivered lately.
      const involvesSeller =
        listing.vendor_id === body.receiver_id || listing.vendor_id === body.sender_id;
      if (
        !involvesSeller &&
        !(await courierLinked(
          db,
          body.sender_id,
          body.receiver_id,
          body.listing_id,
          isoIn(-COURIER_CHAT_AFTER_DELIVERY_MS),
        ))
      ) {
        throw forbidden(
          'Messages about a listing go to or come from its seller, or between the courier and the buyer of its delivery.',
        );
      }
      await spendFloodAllowance(app, body.sender_id, ['messagesPerMinute', 'messagesPerDay']);
      let inserted;
      try {
        inserted = await insertMessage(db, body);
      } catch (error) {
        // The same message sent twice at once: the other request stored it.
        const other =
          clientId !== undefined && isUniqueViolation(error)
            ? await sentBefore(db, body, clientId)
            : null;
        if (other) return reply.code(200).send(other);
        throw error;
      }
      const { message_id } = inserted;
      const message = await findMessage(db, message_id);
      await app.notify({ type: 'message.sent', actorId: body.sender_id, message });
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/api/direct_message/read',
    {
      ...signedIn(),
      schema: { body: markReadBody, response: { 200: z.object({ updated: z.number() }) } },
    },
    asCaller(async (user, request) => {
      return {
        updated: await markRead(
          db,
          user.user_id,
          request.body.other_user_id,
          request.body.listing_id,
        ),
      };
    }),
  );
};
