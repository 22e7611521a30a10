import { ACTIVE_DELIVERY_STATUSES } from '#shared/delivery.js';
import { stripFormatCharacters } from '#shared/names.js';
import { hasRow } from '#server/db/has-row.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';
import { nowIso } from '#server/lib/time.js';

function messageQuery(db: Db) {
  return db
    .selectFrom('direct_messages as m')
    .innerJoin('users as s', 's.user_id', 'm.sender_id')
    .innerJoin('users as r', 'r.user_id', 'm.receiver_id')
    .leftJoin('listings as l', 'l.listing_id', 'm.listing_id')
    .leftJoin('products as p', 'p.product_id', 'l.product_id')
    .selectAll('m')
    .select([
      shownUsername('s').as('sender_username'),
      shownUsername('r').as('receiver_username'),
      'p.title',
      'p.thumbnail',
    ]);
}

/**
 * A message as people read it: stored as sent (what a moderator weighs), shown without format
 * characters, which could hide words or turn a link around.
 */
const shown = <Row extends { content: string }>(row: Row): Row => ({
  ...row,
  content: stripFormatCharacters(row.content),
});

/**
 * Every message the user sent or received, oldest first; conversations with people the user
 * blocked leave their screens (the blocked still see theirs: a block is silent).
 */
export function messagesOf(db: Db, userId: number) {
  return messageQuery(db)
    .where((eb) => eb.or([eb('m.sender_id', '=', userId), eb('m.receiver_id', '=', userId)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blocks as b')
            .select('b.blocked_id')
            .where('b.blocker_id', '=', userId)
            .where((eb) =>
              eb.or([
                eb('b.blocked_id', '=', eb.ref('m.sender_id')),
                eb('b.blocked_id', '=', eb.ref('m.receiver_id')),
              ]),
            ),
        ),
      ),
    )
    .orderBy('m.message_id', 'asc')
    .execute()
    .then((rows) => rows.map(shown));
}

export function messagesFromSenderAboutListing(db: Db, senderId: number, listingId: number) {
  return messageQuery(db)
    .where('m.sender_id', '=', senderId)
    .where('m.listing_id', '=', listingId)
    .orderBy('m.message_id', 'asc')
    .execute()
    .then((rows) => rows.map(shown));
}

export function findMessage(db: Db, messageId: number) {
  return messageQuery(db)
    .where('m.message_id', '=', messageId)
    .executeTakeFirstOrThrow()
    .then(shown);
}

/** The message `senderId` sent with the device-made id `clientId`, if any. */
export function messageByClientId(db: Db, senderId: number, clientId: string) {
  return messageQuery(db)
    .where('m.sender_id', '=', senderId)
    .where('m.client_id', '=', clientId)
    .executeTakeFirst()
    .then((row) => row && shown(row));
}

export interface NewMessage {
  sender_id: number;
  receiver_id: number;
  listing_id: number;
  content: string;
  created_at?: string;
  client_id?: string;
}

export function insertMessage(db: Db, message: NewMessage) {
  return db
    .insertInto('direct_messages')
    .values({ created_at: nowIso(), ...message })
    .returning('message_id')
    .executeTakeFirstOrThrow();
}

/** Marks as read what `readerId` received from `otherId` about a listing. */
export async function markRead(db: Db, readerId: number, otherId: number, listingId: number) {
  const result = await db
    .updateTable('direct_messages')
    .set({ read_at: nowIso() })
    .where('receiver_id', '=', readerId)
    .where('sender_id', '=', otherId)
    .where('listing_id', '=', listingId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function listingParties(db: Db, listingId: number) {
  return db
    .selectFrom('listings')
    .select(['listing_id', 'vendor_id'])
    .where('listing_id', '=', listingId)
    .where('listing_status', '!=', 'Deleted')
    .executeTakeFirst();
}

/** Has `userId` exchanged a message about the listing with `otherId`? */
/**
 * Are `a` and `b` the courier and the buyer or vendor of a delivery of this listing that is
 * under way, or was Delivered after `deliveredSince`? A courier who gave the delivery up is no
 * longer its courier.
 */
export async function courierLinked(
  db: Db,
  a: number,
  b: number,
  listingId: number,
  deliveredSince: string,
) {
  const deliveries = db
    .selectFrom('delivery_instructions')
    .select('delivery_id')
    .where('listing_id', '=', listingId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('courier_id', '=', a),
          eb.or([eb('buyer_id', '=', b), eb('vendor_id', '=', b)]),
        ]),
        eb.and([
          eb('courier_id', '=', b),
          eb.or([eb('buyer_id', '=', a), eb('vendor_id', '=', a)]),
        ]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('delivery_status', 'in', ACTIVE_DELIVERY_STATUSES),
        eb.and([eb('delivery_status', '=', 'Delivered'), eb('updated_at', '>=', deliveredSince)]),
      ]),
    );
  return hasRow(deliveries);
}
