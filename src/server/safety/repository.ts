/**
 * The statements of the rules every feature shares (safety/): the moderators' audit, blocks,
 * flood counters, the moderator flag, one item one sale, and what a waiting buyer agreed to.
 */
import { sql, type RawBuilder } from 'kysely';
import { FINISHED_DELIVERY_STATUSES } from '#shared/delivery.js';
import type { ModerationAction } from '#shared/moderation.js';
import type { DialectName } from '#server/db/connect.js';
import { eitherWay } from '#server/db/either-way.js';
import { fixedWindow } from '#server/db/fixed-window.js';
import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';

/** One entry in the moderators' audit trail, stamped now. */
export async function insertAuditEntry(
  db: Db,
  entry: {
    moderator_id: number | null;
    actor: string;
    action: ModerationAction;
    target_type: 'listing' | 'user' | 'report';
    target_id: number;
    target_label: string;
    reason: string;
  },
): Promise<void> {
  await db
    .insertInto('moderation_audit')
    .values({ ...entry, created_at: nowIso() })
    .execute();
}

/** The blocks between two people, either way: who blocked, one row each. */
export function blocksBetween(db: Db, oneId: number, otherId: number) {
  return db
    .selectFrom('blocks')
    .select('blocker_id')
    .where(eitherWay('blocker_id', 'blocked_id', oneId, otherId))
    .execute();
}

/**
 * Spends one unit of the counter `key` in one conditional write: a window that started after
 * `startedAfter` with fewer than `max` spent, or a new window from `at`. Undefined when none
 * was left.
 */
export function spendFloodUnit(
  db: Db,
  key: string,
  { max, startedAfter, at }: { max: number; startedAfter: string; at: string },
) {
  const window = fixedWindow(
    { start: 'flood_counters.window_start', count: 'flood_counters.spent' },
    startedAfter,
  );
  return db
    .insertInto('flood_counters')
    .values({ key, window_start: at, spent: 1 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ spent: window.count, window_start: window.start(at) })
        .where(window.allows(max)),
    )
    .returning('spent')
    .executeTakeFirst();
}

/** When the counter's window started, if it is there. */
export async function floodWindowStart(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('flood_counters')
    .select('window_start')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.window_start;
}

/** The account the moderator script names by its e-mail. */
export function accountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['user_id', 'username', 'is_moderator'])
    .where('sfsu_email', '=', email)
    .executeTakeFirst();
}

export async function setModeratorFlag(db: Db, userId: number, flag: 0 | 1): Promise<void> {
  await db.updateTable('users').set({ is_moderator: flag }).where('user_id', '=', userId).execute();
}

/**
 * The deliveries of a listing that are under way (any status but the finished ones): the
 * listing by its id, or by a reference to an outer query's column (`sql.ref('l.listing_id')`).
 */
export const deliveriesUnderWay = (db: Db, listing: number | RawBuilder<number>) =>
  db
    .selectFrom('delivery_instructions as open_delivery')
    .select('open_delivery.delivery_id')
    .where('open_delivery.listing_id', '=', listing)
    .where('open_delivery.delivery_status', 'not in', FINISHED_DELIVERY_STATUSES);

/** Is a delivery of the listing under way (any status but the finished ones)? */
export async function deliveryUnderWay(db: Db, listingId: number): Promise<boolean> {
  const { under_way } = await db
    .selectNoFrom(({ exists }) => exists(deliveriesUnderWay(db, listingId)).as('under_way'))
    .executeTakeFirstOrThrow();
  // 1 or 0 on SQLite, a boolean on PostgreSQL.
  return Boolean(under_way);
}

/**
 * Holds the listing's row until the transaction ends (PostgreSQL; SQLite runs one write
 * transaction at a time anyway).
 */
export async function lockListingRow(trx: Db, dialect: DialectName, listingId: number) {
  if (dialect !== 'postgres') return;
  await sql`select listing_id from listings where listing_id = ${listingId} for update`.execute(
    trx,
  );
}

/** The product's listings that a buyer is waiting for (a Pending request, a delivery not over). */
export async function listingsWithOpenOrders(db: Db, productId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('listings as l')
    .select('l.listing_id')
    .where('l.product_id', '=', productId)
    .where(({ or, exists, selectFrom }) =>
      or([
        exists(
          selectFrom('delivery_requests as r')
            .select('r.delivery_request_id')
            .whereRef('r.listing_id', '=', 'l.listing_id')
            .where('r.status', '=', 'Pending'),
        ),
        exists(deliveriesUnderWay(db, sql.ref('l.listing_id'))),
      ]),
    )
    .execute();
  return rows.map((r) => r.listing_id);
}
