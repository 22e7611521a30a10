import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import type { DialectName } from '../connect.js';

/**
 * Frozen in time. Deliveries you can trust (docs/decisions/022-delivery-proof.md):
 * - a request may be Cancelled by its buyer, and a delivery may end Cancelled (by the buyer,
 *   before pick-up) or Returned (by its courier, after pick-up, with a reason);
 * - a buyer whose request was cancelled may ask again: one *Pending* request per buyer and
 *   listing (a partial unique index) instead of one request for ever;
 * - a request may ask for a handover code; its delivery's code, wrong tries and lock live in a
 *   table of their own, so no query of deliveries can carry the code by accident;
 * - the courier's photo at drop-off, and the buyer's rating of the courier.
 *
 * New statuses change CHECK constraints. PostgreSQL swaps them in place. SQLite cannot alter a
 * constraint: its three tables are made again the way its documentation prescribes
 * (https://www.sqlite.org/lang_altertable.html#otheralter): foreign keys off, the new table
 * created, the rows copied, the old table dropped and the new one renamed, its indexes made
 * again, the foreign keys checked, all in one transaction.
 */

// The lists as they are on this date (written here, not imported, for that reason).
const REQUEST_STATUSES = ['Pending', 'Denied', 'Approved', 'Cancelled'];
const DELIVERY_STATUSES = [
  'Unassigned',
  'Assigned',
  'Picked Up',
  'Delivered',
  'Returned',
  'Cancelled',
];
const RETURN_REASONS = ['buyer_not_there', 'wrong_place', 'item_damaged', 'other'];

function oneOf(column: string, values: string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

// Kysely<any>: a migration describes the schema of its own date, not today's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;
type Table = CreateTableBuilder<string, never>;

/** The constraints that change, by table: the same conditions in both engines. */
const CHECKS = {
  delivery_requests: [['delivery_requests_status', oneOf('status', REQUEST_STATUSES)]],
  delivery_instructions: [
    ['delivery_instructions_status', oneOf('delivery_status', DELIVERY_STATUSES)],
    // A courier holds every delivery but an unassigned one; one cancelled before anyone
    // claimed it has none.
    [
      'delivery_instructions_courier',
      sql`(delivery_status = 'Unassigned' and courier_id is null)
        or delivery_status = 'Cancelled'
        or (delivery_status <> 'Unassigned' and courier_id is not null)`,
    ],
    [
      'delivery_instructions_return_reason',
      sql`return_reason is null or ${oneOf('return_reason', RETURN_REASONS)}`,
    ],
  ],
  delivery_events: [['delivery_events_status', oneOf('delivery_status', DELIVERY_STATUSES)]],
} as const satisfies Record<string, readonly (readonly [string, RawBuilder<unknown>])[]>;

const withChecks = (table: Table, checks: readonly (readonly [string, RawBuilder<unknown>])[]) =>
  checks.reduce((t, [name, condition]) => t.addCheckConstraint(name, condition), table);

/** SQLite: the three tables as they are after this migration, created under `name`. */
function sqliteTables(db: Db) {
  const pk = (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement();
  const user = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('users.user_id').onDelete('cascade');
  return {
    delivery_requests: (name: string) =>
      withChecks(
        db.schema
          .createTable(name)
          .addColumn('delivery_request_id', 'integer', pk)
          .addColumn('buyer_id', 'integer', user)
          .addColumn('vendor_id', 'integer', user)
          .addColumn('listing_id', 'integer', (c) =>
            c.notNull().references('listings.listing_id').onDelete('cascade'),
          )
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
          .addColumn('dropoff', 'text', (c) => c.notNull())
          .addColumn('buyer_special_request', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('require_handover_code', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
          .addCheckConstraint('delivery_requests_not_self', sql`buyer_id <> vendor_id`),
        CHECKS.delivery_requests,
      ),
    delivery_instructions: (name: string) =>
      withChecks(
        db.schema
          .createTable(name)
          .addColumn('delivery_id', 'integer', pk)
          .addColumn('delivery_request_id', 'integer', (c) =>
            c
              .notNull()
              .unique()
              .references('delivery_requests.delivery_request_id')
              .onDelete('cascade'),
          )
          .addColumn('pickup', 'text', (c) => c.notNull())
          .addColumn('dropoff', 'text', (c) => c.notNull())
          .addColumn('seller_special_request', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('buyer_special_request', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('buyer_id', 'integer', user)
          .addColumn('vendor_id', 'integer', user)
          .addColumn('courier_id', 'integer', (c) =>
            c.references('users.user_id').onDelete('set null'),
          )
          .addColumn('product_id', 'integer', (c) =>
            c.notNull().references('products.product_id').onDelete('cascade'),
          )
          .addColumn('listing_id', 'integer', (c) =>
            c.notNull().references('listings.listing_id').onDelete('cascade'),
          )
          .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('delivery_status', 'text', (c) => c.notNull().defaultTo('Unassigned'))
          .addColumn('timestamp', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('handover_required', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('proof_photo', 'text')
          .addColumn('return_reason', 'text')
          .addColumn('return_note', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
          .addCheckConstraint('delivery_instructions_quantity', sql`quantity > 0`),
        CHECKS.delivery_instructions,
      ),
    delivery_events: (name: string) =>
      withChecks(
        db.schema
          .createTable(name)
          .addColumn('event_id', 'integer', pk)
          .addColumn('delivery_id', 'integer', (c) =>
            c.notNull().references('delivery_instructions.delivery_id').onDelete('cascade'),
          )
          .addColumn('delivery_status', 'text', (c) => c.notNull())
          .addColumn('courier_id', 'integer')
          .addColumn('actor_id', 'integer', (c) => c.notNull())
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('device_at', 'text'),
        CHECKS.delivery_events,
      ),
  };
}

/** The columns each table had before this migration: what is copied. */
const OLD_COLUMNS = {
  delivery_requests: [
    'delivery_request_id',
    'buyer_id',
    'vendor_id',
    'listing_id',
    'status',
    'dropoff',
    'buyer_special_request',
    'created_at',
  ],
  delivery_instructions: [
    'delivery_id',
    'delivery_request_id',
    'pickup',
    'dropoff',
    'seller_special_request',
    'buyer_special_request',
    'buyer_id',
    'vendor_id',
    'courier_id',
    'product_id',
    'listing_id',
    'quantity',
    'delivery_status',
    'timestamp',
    'updated_at',
  ],
  delivery_events: [
    'event_id',
    'delivery_id',
    'delivery_status',
    'courier_id',
    'actor_id',
    'at',
    'device_at',
  ],
} as const;

/** Every index of the three tables but the partial one added below (as created before). */
async function createIndexes(db: Db) {
  await db.schema
    .createIndex('delivery_requests_vendor_status')
    .on('delivery_requests')
    .columns(['vendor_id', 'status'])
    .execute();
  await db.schema
    .createIndex('delivery_requests_listing')
    .on('delivery_requests')
    .column('listing_id')
    .execute();
  for (const column of ['buyer_id', 'vendor_id', 'courier_id', 'listing_id', 'delivery_status']) {
    await db.schema
      .createIndex(`delivery_instructions_${column}`)
      .on('delivery_instructions')
      .column(column)
      .execute();
  }
  await db.schema
    .createIndex('delivery_events_delivery')
    .on('delivery_events')
    .column('delivery_id')
    .execute();
}

async function rebuildSqlite(db: Db) {
  const tables = sqliteTables(db);
  for (const table of ['delivery_requests', 'delivery_instructions', 'delivery_events'] as const) {
    await tables[table](`${table}__new`).execute();
    const columns = sql.join(OLD_COLUMNS[table].map((c) => sql.ref(c)));
    await sql`insert into ${sql.table(`${table}__new`)} (${columns})
      select ${columns} from ${sql.table(table)}`.execute(db);
    await db.schema.dropTable(table).execute();
    await db.schema.alterTable(`${table}__new`).renameTo(table).execute();
  }
  await createIndexes(db);
}

async function alterPostgres(db: Db) {
  await db.schema
    .alterTable('delivery_requests')
    .addColumn('require_handover_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('delivery_requests')
    .dropConstraint('delivery_requests_once')
    .execute();
  await db.schema
    .alterTable('delivery_instructions')
    .addColumn('handover_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('proof_photo', 'text')
    .addColumn('return_reason', 'text')
    .addColumn('return_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const [table, checks] of Object.entries(CHECKS)) {
    for (const [name, condition] of checks) {
      await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.ref(name)}`.execute(
        db,
      );
      await sql`alter table ${sql.table(table)} add constraint ${sql.ref(name)} check (${condition})`.execute(
        db,
      );
    }
  }
}

export function deliveryProof(dialect: DialectName) {
  return {
    async up(db: Db): Promise<void> {
      if (dialect === 'sqlite') {
        // Kysely runs SQLite migrations outside a transaction, where this pragma works (it is
        // ignored inside one).
        await sql`pragma foreign_keys = off`.execute(db);
        try {
          await db.transaction().execute(async (trx) => {
            await rebuildSqlite(trx);
            const broken = await sql`pragma foreign_key_check`.execute(trx);
            if (broken.rows.length > 0) throw new Error('The rebuild broke a foreign key.');
          });
        } finally {
          await sql`pragma foreign_keys = on`.execute(db);
        }
      } else {
        await alterPostgres(db);
      }

      // One Pending request per buyer and listing; cancelled, declined and accepted ones stay.
      await db.schema
        .createIndex('delivery_requests_one_pending')
        .on('delivery_requests')
        .columns(['buyer_id', 'listing_id'])
        .unique()
        .where(sql<boolean>`status = 'Pending'`)
        .execute();

      await db.schema
        .createTable('handover_codes')
        .addColumn('delivery_id', 'integer', (c) =>
          c.primaryKey().references('delivery_instructions.delivery_id').onDelete('cascade'),
        )
        .addColumn('code', 'text', (c) => c.notNull())
        /** Wrong codes since the last lock (or ever): a try is counted before it is checked. */
        .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .execute();

      await db.schema
        .createTable('delivery_ratings')
        .addColumn('delivery_id', 'integer', (c) =>
          c.primaryKey().references('delivery_instructions.delivery_id').onDelete('cascade'),
        )
        .addColumn('courier_id', 'integer', (c) =>
          c.references('users.user_id').onDelete('set null'),
        )
        .addColumn('buyer_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('delivery_ratings_rating', sql`rating between 1 and 5`)
        .execute();
      await db.schema
        .createIndex('delivery_ratings_courier')
        .on('delivery_ratings')
        .column('courier_id')
        .execute();
    },
  };
}
