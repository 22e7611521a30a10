/**
 * "Download my data": each part of the download is read by one function here; a feature that
 * keeps something more of a person (saved searches, favourites) adds its part.
 * Other people appear by id and username only, never by e-mail; every part answers through its
 * shared schema (the route's too), which leaves out any column it does not list.
 */
import type { Selectable } from 'kysely';
import { accountExport, type AccountExport } from '#shared/schemas/accounts-data.js';
import type { Database, Db } from '#server/db/schema.js';
import { shownUsername } from '#server/db/shown-name.js';
import { preferencesOf } from '#server/notifications/preferences.js';
import { PARTIES, rolesIn } from './deletion-repository.js';

type Sections = Omit<AccountExport, 'format' | 'exported_at'>;
type Part<K extends keyof Sections> = (
  db: Db,
  userId: number,
  site: { publicUrl: string },
) => Promise<Sections[K]>;

/** A picture's full addresses, the large size and the small one (`-sm`). */
export function pictureUrls(thumbnail: string | null, publicUrl: string): string[] {
  if (!thumbnail) return [];
  const full = thumbnail.startsWith('/') ? `${publicUrl}${thumbnail}` : thumbnail;
  const small = /\/uploads\/[0-9a-f]{32}\.webp$/.test(full)
    ? full.replace(/\.webp$/, '-sm.webp')
    : null;
  return small ? [full, small] : [full];
}

const profilePart: Part<'profile'> = async (db, userId) =>
  accountExport.shape.profile.parse(
    await db
      .selectFrom('users')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  );

/** Every listing the person made, whatever became of it. */
const listingsPart: Part<'listings'> = async (db, userId, { publicUrl }) => {
  const rows = await db
    .selectFrom('listings as l')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .selectAll('l')
    .select(['p.title', 'p.description', 'p.category', 'p.thumbnail'])
    .where('l.vendor_id', '=', userId)
    .orderBy('l.listing_id', 'asc')
    .execute();
  return rows.map(({ price_cents, thumbnail, ...listing }) => ({
    ...listing,
    price: price_cents / 100,
    pictures: pictureUrls(thumbnail, publicUrl),
  }));
};

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
    .selectAll('m')
    .select(['o.user_id as other_id', shownUsername('o').as('other_username'), 'p.title'])
    .where((eb) => eb.or([eb('m.sender_id', '=', userId), eb('m.receiver_id', '=', userId)]))
    .orderBy('m.message_id', 'asc')
    .execute();
  return rows.map(({ other_id, other_username, title, ...message }) => ({
    ...message,
    direction: message.sender_id === userId ? 'sent' : 'received',
    other: { user_id: other_id, username: other_username },
    listing_title: title,
  }));
};

/** Reviews the person wrote (`author_id`) or received (`vendor_id`), with the other party. */
function reviewsBy(db: Db, userId: number, mine: 'author_id' | 'vendor_id') {
  const other = mine === 'author_id' ? 'vendor_id' : 'author_id';
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as o', 'o.user_id', `r.${other}`)
    .select(['r.review_id', 'r.rating', 'r.comment', 'r.review_date', 'o.user_id'])
    .select(shownUsername('o').as('username'))
    .where(`r.${mine}`, '=', userId)
    .orderBy('r.review_id', 'asc')
    .execute();
}

const reviewsWrittenPart: Part<'reviews_written'> = async (db, userId) =>
  (await reviewsBy(db, userId, 'author_id')).map(({ user_id, username, ...r }) => ({
    ...r,
    seller: { user_id, username },
  }));

const reviewsReceivedPart: Part<'reviews_received'> = async (db, userId) =>
  (await reviewsBy(db, userId, 'vendor_id')).map(({ user_id, username, ...r }) => ({
    ...r,
    author: { user_id, username },
  }));

/** The people named by these ids, by id and username as others read it. */
async function peopleOf(db: Db, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['user_id', shownUsername('users').as('username')])
          .where('user_id', 'in', [...new Set(ids)])
          .execute();
  const names = new Map(rows.map((r) => [r.user_id, r.username]));
  return (id: number) => ({ user_id: id, username: names.get(id) ?? '' });
}

/** What an order keeps from when it was made, as the download names it. */
function agreedTerms(
  row: { agreed_title: string; agreed_price_cents: number; agreed_thumbnail: string | null },
  publicUrl: string,
) {
  return {
    listing_title: row.agreed_title,
    price: row.agreed_price_cents / 100,
    pictures: pictureUrls(row.agreed_thumbnail, publicUrl),
  };
}

const requestsPart: Part<'delivery_requests'> = async (db, userId, { publicUrl }) => {
  const rows = await db
    .selectFrom('delivery_requests')
    .selectAll()
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('vendor_id', '=', userId)]))
    .orderBy('delivery_request_id', 'asc')
    .execute();
  const person = await peopleOf(
    db,
    rows.flatMap((r) => [r.buyer_id, r.vendor_id]),
  );
  return rows.map(({ buyer_id, vendor_id, ...request }) => ({
    ...request,
    role: buyer_id === userId ? 'buyer' : 'seller',
    buyer: person(buyer_id),
    seller: person(vendor_id),
    ...agreedTerms(request, publicUrl),
  }));
};

const deliveriesPart: Part<'deliveries'> = async (db, userId, { publicUrl }) => {
  const rows = await db
    .selectFrom('delivery_instructions as d')
    .selectAll('d')
    .where((eb) => eb.or(PARTIES.map((party) => eb(party, '=', userId))))
    .orderBy('d.delivery_id', 'asc')
    .execute();
  const person = await peopleOf(
    db,
    rows.flatMap((d) => [d.buyer_id, d.vendor_id, d.courier_id ?? d.buyer_id]),
  );
  const ids = rows.map((d) => d.delivery_id);
  const events =
    ids.length === 0
      ? []
      : await db
          .selectFrom('delivery_events')
          .select(['delivery_id', 'delivery_status', 'at'])
          .where('delivery_id', 'in', ids)
          .orderBy('event_id', 'asc')
          .execute();
  return rows.map(({ timestamp, ...d }) => ({
    ...d,
    roles: rolesIn(d, userId),
    buyer: person(d.buyer_id),
    seller: person(d.vendor_id),
    courier: d.courier_id === null ? null : person(d.courier_id),
    ...agreedTerms(d, publicUrl),
    created_at: timestamp,
    history: events
      .filter((e) => e.delivery_id === d.delivery_id)
      .map((e) => ({ delivery_status: e.delivery_status, at: e.at })),
  }));
};

const blockedPart: Part<'blocked'> = async (db, userId) => {
  const rows = await db
    .selectFrom('blocks as k')
    .innerJoin('users as u', 'u.user_id', 'k.blocked_id')
    .select(['u.user_id', 'k.created_at', shownUsername('u').as('username')])
    .where('k.blocker_id', '=', userId)
    .orderBy('k.created_at', 'asc')
    .execute();
  return rows.map(({ created_at, ...user }) => ({ user, created_at }));
};

/**
 * Every row of `table` that `column` says is the person's, in `order`: for a table of the
 * person's own things. The shared schema keeps only the fields it lists.
 */
function ownRows<K extends keyof Sections>(
  table: keyof Database,
  column: string,
  order: string,
): Part<K> {
  return async (db, userId) => {
    const rows = await db
      // One query shape for every table: the caller names a table and two of its columns.
      .selectFrom(table as 'reports')
      .selectAll()
      .where(column as 'reporter_id', '=', userId)
      .orderBy(order as 'report_id', 'asc')
      .execute();
    return rows as unknown as Sections[K];
  };
}

const notificationsPart: Part<'notifications'> = (db, userId) =>
  db
    .selectFrom('notifications')
    .select(['notification_id as id', 'kind', 'title', 'body', 'url', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('notification_id', 'asc')
    .execute();

const preferencesPart: Part<'notification_preferences'> = (db, userId) => preferencesOf(db, userId);

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** Every row of a table of sales where the person is the buyer or the seller, oldest first. */
async function tradeRows<T extends 'offers' | 'sale_holds' | 'sales'>(
  db: Db,
  table: T,
  order: keyof Database[T] & string,
  userId: number,
): Promise<Selectable<Database[T]>[]> {
  const rows = await db
    // One query shape for the three tables: each has a buyer and a seller.
    .selectFrom(table as 'offers')
    .selectAll()
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .orderBy(order as 'offer_id', 'asc')
    .execute();
  return rows as Selectable<Database[T]>[];
}

/** Offers as buyer or as seller, oldest first. */
const offersPart: Part<'offers'> = async (db, userId) => {
  const rows = await tradeRows(db, 'offers', 'offer_id', userId);
  return rows.map(({ amount_cents, counter_cents, agreed_cents, ...offer }) => ({
    ...offer,
    amount: amount_cents / 100,
    counter_amount: dollars(counter_cents),
    agreed_amount: dollars(agreed_cents),
  }));
};

const holdsPart: Part<'holds'> = async (db, userId) => {
  const rows = await tradeRows(db, 'sale_holds', 'hold_id', userId);
  return rows.map(({ agreed_cents, ...hold }) => ({
    ...hold,
    agreed_amount: dollars(agreed_cents),
  }));
};

const salesPart: Part<'sales'> = async (db, userId) => {
  const rows = await tradeRows(db, 'sales', 'sale_id', userId);
  return rows.map(({ agreed_price_cents, ...sale }) => ({
    ...sale,
    agreed_price: agreed_price_cents / 100,
  }));
};

/** Meetings on campus on either side, oldest first: never the handover code or its tries. */
const meetingsPart: Part<'meetings'> = (db, userId) =>
  db
    .selectFrom('meetings')
    .select([
      'meeting_id',
      'hold_id',
      'listing_id',
      'seller_id',
      'buyer_id',
      'location',
      'at',
      'proposed_by',
      'status',
      'no_show_by',
      'created_at',
      'updated_at',
    ])
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .orderBy('meeting_id', 'asc')
    .execute();

/**
 * The parts of the download, each read by the person's id. A feature that keeps something of
 * a person adds one line here and its field in the shared schema (`accountExport`).
 */
export const EXPORT_PARTS: { [K in keyof Sections]: Part<K> } = {
  profile: profilePart,
  listings: listingsPart,
  messages: messagesPart,
  reviews_written: reviewsWrittenPart,
  reviews_received: reviewsReceivedPart,
  delivery_requests: requestsPart,
  deliveries: deliveriesPart,
  blocked: blockedPart,
  reports_filed: ownRows('reports', 'reporter_id', 'report_id'),
  notifications: notificationsPart,
  favorites: ownRows('favorites', 'user_id', 'created_at'),
  saved_searches: ownRows('saved_searches', 'user_id', 'saved_search_id'),
  notification_preferences: preferencesPart,
  offers: offersPart,
  holds: holdsPart,
  sales: salesPart,
  meetings: meetingsPart,
};
