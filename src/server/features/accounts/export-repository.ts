/**
 * "Download my data": each part of the download is read by one function here; a feature that
 * keeps something more of a person (notifications, preferences, saved searches) adds its part.
 * Other people appear by id and username only, never by e-mail.
 */
import type { AccountExport } from '#shared/schemas/account-data.js';
import type { Db } from '#server/db/schema.js';
import { shownUsername } from '#server/lib/shown-name.js';

type Part<K extends keyof AccountExport> = (db: Db, userId: number) => Promise<AccountExport[K]>;

/** A picture's full addresses, the large size and the small one (`-sm`). */
export function pictureUrls(thumbnail: string | null, publicUrl: string): string[] {
  if (!thumbnail) return [];
  const full = thumbnail.startsWith('/') ? `${publicUrl}${thumbnail}` : thumbnail;
  const small = /\/uploads\/[0-9a-f]{32}\.webp$/.test(full)
    ? full.replace(/\.webp$/, '-sm.webp')
    : null;
  return small ? [full, small] : [full];
}

export async function profilePart(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'user_id',
      'username',
      'first_name',
      'last_name',
      'sfsu_email',
      'email_verified',
      'is_courier',
      'on_shift',
      'is_moderator',
      'rating',
      'review_count',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Every listing the person made, whatever became of it, with its picture's file name. */
export async function listingRows(db: Db, userId: number) {
  return db
    .selectFrom('listings as l')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .select([
      'l.listing_id',
      'p.title',
      'p.description',
      'p.category',
      'l.price_cents',
      'l.conditions',
      'l.discount',
      'l.availability',
      'l.listing_status',
      'l.listing_date',
      'p.thumbnail',
    ])
    .where('l.vendor_id', '=', userId)
    .orderBy('l.listing_id', 'asc')
    .execute();
}

const messagesPart: Part<'messages'> = async (db, userId) => {
  const rows = await db
    .selectFrom('direct_messages as m')
    .innerJoin('users as o', (join) =>
      join.on((eb) =>
        eb(
          'o.user_id',
          '=',
          eb
            .case()
            .when('m.sender_id', '=', userId)
            .then(eb.ref('m.receiver_id'))
            .else(eb.ref('m.sender_id'))
            .end(),
        ),
      ),
    )
    .leftJoin('listings as l', 'l.listing_id', 'm.listing_id')
    .leftJoin('products as p', 'p.product_id', 'l.product_id')
    .select([
      'm.message_id',
      'm.sender_id',
      'm.listing_id',
      'm.content',
      'm.created_at',
      'm.read_at',
      'o.user_id as other_id',
      shownUsername('o').as('other_username'),
      'p.title',
    ])
    .where((eb) => eb.or([eb('m.sender_id', '=', userId), eb('m.receiver_id', '=', userId)]))
    .orderBy('m.message_id', 'asc')
    .execute();
  return rows.map((r) => ({
    message_id: r.message_id,
    direction: r.sender_id === userId ? 'sent' : 'received',
    other: { user_id: r.other_id, username: r.other_username },
    listing_id: r.listing_id,
    listing_title: r.title,
    content: r.content,
    created_at: r.created_at,
    read_at: r.read_at,
  }));
};

const reviewsWrittenPart: Part<'reviews_written'> = async (db, userId) => {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('users as s', 's.user_id', 'r.vendor_id')
    .select(['r.review_id', 'r.rating', 'r.comment', 'r.review_date', 's.user_id'])
    .select(shownUsername('s').as('username'))
    .where('r.author_id', '=', userId)
    .orderBy('r.review_id', 'asc')
    .execute();
  return rows.map(({ user_id, username, ...r }) => ({ ...r, seller: { user_id, username } }));
};

const reviewsReceivedPart: Part<'reviews_received'> = async (db, userId) => {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('users as a', 'a.user_id', 'r.author_id')
    .select(['r.review_id', 'r.rating', 'r.comment', 'r.review_date', 'a.user_id'])
    .select(shownUsername('a').as('username'))
    .where('r.vendor_id', '=', userId)
    .orderBy('r.review_id', 'asc')
    .execute();
  return rows.map(({ user_id, username, ...r }) => ({ ...r, author: { user_id, username } }));
};

const requestsPart: Part<'delivery_requests'> = async (db, userId) => {
  const rows = await db
    .selectFrom('delivery_requests as r')
    .innerJoin('listings as l', 'l.listing_id', 'r.listing_id')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .innerJoin('users as b', 'b.user_id', 'r.buyer_id')
    .innerJoin('users as s', 's.user_id', 'r.vendor_id')
    .select([
      'r.delivery_request_id',
      'r.buyer_id',
      'r.vendor_id',
      'r.listing_id',
      'p.title',
      'r.status',
      'r.dropoff',
      'r.buyer_special_request',
      'r.created_at',
    ])
    .select([shownUsername('b').as('buyer_username'), shownUsername('s').as('seller_username')])
    .where((eb) => eb.or([eb('r.buyer_id', '=', userId), eb('r.vendor_id', '=', userId)]))
    .orderBy('r.delivery_request_id', 'asc')
    .execute();
  return rows.map((r) => ({
    delivery_request_id: r.delivery_request_id,
    role: r.buyer_id === userId ? 'buyer' : 'seller',
    buyer: { user_id: r.buyer_id, username: r.buyer_username },
    seller: { user_id: r.vendor_id, username: r.seller_username },
    listing_id: r.listing_id,
    listing_title: r.title,
    status: r.status,
    dropoff: r.dropoff,
    buyer_special_request: r.buyer_special_request,
    created_at: r.created_at,
  }));
};

const deliveriesPart: Part<'deliveries'> = async (db, userId) => {
  const rows = await db
    .selectFrom('delivery_instructions as d')
    .innerJoin('products as p', 'p.product_id', 'd.product_id')
    .innerJoin('users as b', 'b.user_id', 'd.buyer_id')
    .innerJoin('users as s', 's.user_id', 'd.vendor_id')
    .leftJoin('users as c', 'c.user_id', 'd.courier_id')
    .select([
      'd.delivery_id',
      'd.delivery_request_id',
      'd.buyer_id',
      'd.vendor_id',
      'd.courier_id',
      'd.listing_id',
      'p.title',
      'd.pickup',
      'd.dropoff',
      'd.seller_special_request',
      'd.buyer_special_request',
      'd.delivery_status',
      'd.timestamp',
      'd.updated_at',
    ])
    .select([
      shownUsername('b').as('buyer_username'),
      shownUsername('s').as('seller_username'),
      shownUsername<string | null>('c').as('courier_username'),
    ])
    .where((eb) =>
      eb.or([
        eb('d.buyer_id', '=', userId),
        eb('d.vendor_id', '=', userId),
        eb('d.courier_id', '=', userId),
      ]),
    )
    .orderBy('d.delivery_id', 'asc')
    .execute();
  const ids = rows.map((r) => r.delivery_id);
  const events =
    ids.length === 0
      ? []
      : await db
          .selectFrom('delivery_events')
          .select(['delivery_id', 'delivery_status', 'at'])
          .where('delivery_id', 'in', ids)
          .orderBy('event_id', 'asc')
          .execute();
  return rows.map((r) => ({
    delivery_id: r.delivery_id,
    delivery_request_id: r.delivery_request_id,
    roles: [
      ...(r.buyer_id === userId ? (['buyer'] as const) : []),
      ...(r.vendor_id === userId ? (['seller'] as const) : []),
      ...(r.courier_id === userId ? (['courier'] as const) : []),
    ],
    buyer: { user_id: r.buyer_id, username: r.buyer_username },
    seller: { user_id: r.vendor_id, username: r.seller_username },
    courier:
      r.courier_id === null ? null : { user_id: r.courier_id, username: r.courier_username ?? '' },
    listing_id: r.listing_id,
    listing_title: r.title,
    pickup: r.pickup,
    dropoff: r.dropoff,
    seller_special_request: r.seller_special_request,
    buyer_special_request: r.buyer_special_request,
    delivery_status: r.delivery_status,
    created_at: r.timestamp,
    updated_at: r.updated_at,
    history: events
      .filter((e) => e.delivery_id === r.delivery_id)
      .map((e) => ({ delivery_status: e.delivery_status, at: e.at })),
  }));
};

const blockedPart: Part<'blocked'> = async (db, userId) => {
  const rows = await db
    .selectFrom('blocks as k')
    .innerJoin('users as u', 'u.user_id', 'k.blocked_id')
    .select(['u.user_id', 'k.created_at'])
    .select(shownUsername('u').as('username'))
    .where('k.blocker_id', '=', userId)
    .orderBy('k.created_at', 'asc')
    .execute();
  return rows.map((r) => ({
    user: { user_id: r.user_id, username: r.username },
    created_at: r.created_at,
  }));
};

const reportsPart: Part<'reports_filed'> = (db, userId) =>
  db
    .selectFrom('reports')
    .select(['report_id', 'target_type', 'target_id', 'reason', 'note', 'status', 'created_at'])
    .where('reporter_id', '=', userId)
    .orderBy('report_id', 'asc')
    .execute();

/** The parts of the download read the same way, by the person's id. */
export const EXPORT_PARTS = {
  messages: messagesPart,
  reviews_written: reviewsWrittenPart,
  reviews_received: reviewsReceivedPart,
  delivery_requests: requestsPart,
  deliveries: deliveriesPart,
  blocked: blockedPart,
  reports_filed: reportsPart,
} satisfies { [K in keyof AccountExport]?: Part<K> };
