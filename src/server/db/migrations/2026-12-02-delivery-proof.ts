import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type RawBuilder,
} from 'kysely';
import type { DialectName } from '../connect.js';
import * as initial from './2026-11-22-initial.js';
import {
  belongsTo,
  createIndex,
  mayName,
  oneOf,
  required,
  sameKeyAs,
  type Db,
} from './schema-parts.js';

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

// The lists as they are on this date: those of 2026-11-22 and the new statuses (written here,
// not imported from src/shared, for that reason).
const REQUEST_STATUSES = [...initial.REQUEST_STATUSES, 'Cancelled'];
const DELIVERY_STATUSES = [...initial.DELIVERY_STATUSES, 'Returned', 'Cancelled'];
const RETURN_REASONS = ['buyer_not_there', 'wrong_place', 'item_damaged', 'other'];

type TableName = 'delivery_requests' | 'delivery_instructions' | 'delivery_events';
type Table = CreateTableBuilder<string, string>;
type ColumnBuild = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
type Check = readonly [name: string, condition: RawBuilder<unknown>];

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
} as const satisfies Record<TableName, readonly Check[]>;

const withChecks = (table: Table, checks: readonly Check[]) =>
  checks.reduce((t, [name, condition]) => t.addCheckConstraint(name, condition), table);

type NewColumn = readonly [name: string, type: 'integer' | 'text', build?: ColumnBuild];

/** The columns this migration adds, by table: the same in both engines. */
const NEW_COLUMNS = {
  delivery_requests: [
    ['require_handover_code', 'integer', (c) => c.notNull().defaultTo(0)],
    ['cancel_reason', 'text', (c) => c.notNull().defaultTo('')],
  ],
  delivery_instructions: [
    ['handover_required', 'integer', (c) => c.notNull().defaultTo(0)],
    ['proof_photo', 'text'],
    ['return_reason', 'text'],
    ['return_note', 'text', (c) => c.notNull().defaultTo('')],
    ['cancel_reason', 'text', (c) => c.notNull().defaultTo('')],
  ],
  delivery_events: [],
} as const satisfies Record<TableName, readonly NewColumn[]>;

const withColumns = (table: Table, columns: readonly NewColumn[]) =>
  columns.reduce<Table>((t, [name, type, build]) => t.addColumn(name, type, build), table);

/** The constraints that stay as they were, by table: SQLite writes them again with the table. */
const KEPT_CHECKS = {
  delivery_requests: [['delivery_requests_not_self', sql`buyer_id <> vendor_id`]],
  delivery_instructions: [['delivery_instructions_quantity', sql`quantity > 0`]],
  delivery_events: [],
} as const satisfies Record<TableName, readonly Check[]>;

/** SQLite: `table` as it is after this migration, created under `name`. */
function createSqliteTable(db: Db, table: TableName, name: string) {
  const id = (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement();
  const columnsBefore: (t: Table) => Table = initial.deliveryTableColumns[table](id);
  const created = db.schema.createTable(name).$call(columnsBefore);
  return withChecks(withColumns(created, NEW_COLUMNS[table]), [
    ...KEPT_CHECKS[table],
    ...CHECKS[table],
  ]);
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

async function rebuildSqlite(db: Db) {
  for (const table of ['delivery_requests', 'delivery_instructions', 'delivery_events'] as const) {
    await createSqliteTable(db, table, `${table}__new`).execute();
    const columns = sql.join(OLD_COLUMNS[table].map((c) => sql.ref(c)));
    await sql`insert into ${sql.table(`${table}__new`)} (${columns})
      select ${columns} from ${sql.table(table)}`.execute(db);
    await db.schema.dropTable(table).execute();
    await db.schema.alterTable(`${table}__new`).renameTo(table).execute();
  }
  // Every index of the three tables but the partial one added below, as made before.
  await initial.createDeliveryIndexes(db);
}

async function alterPostgres(db: Db) {
  const addColumns = (table: 'delivery_requests' | 'delivery_instructions') => {
    const [first, ...rest]: readonly NewColumn[] = NEW_COLUMNS[table];
    return rest
      .reduce(
        (t, [name, type, build]) => t.addColumn(name, type, build),
        db.schema.alterTable(table).addColumn(first[0], first[1], first[2]),
      )
      .execute();
  };
  await addColumns('delivery_requests');
  await db.schema
    .alterTable('delivery_requests')
    .dropConstraint('delivery_requests_once')
    .execute();
  await addColumns('delivery_instructions');
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
      await createIndex(
        db,
        'delivery_requests_one_pending',
        'delivery_requests',
        ['buyer_id', 'listing_id'],
        { unique: true, where: sql<boolean>`status = 'Pending'` },
      );

      await db.schema
        .createTable('handover_codes')
        .addColumn('delivery_id', 'integer', sameKeyAs('delivery_instructions.delivery_id'))
        .addColumn('code', 'text', required)
        /** Wrong codes since the last lock (or ever): a try is counted before it is checked. */
        .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .execute();

      await db.schema
        .createTable('delivery_ratings')
        .addColumn('delivery_id', 'integer', sameKeyAs('delivery_instructions.delivery_id'))
        .addColumn('courier_id', 'integer', mayName('users.user_id'))
        .addColumn('buyer_id', 'integer', belongsTo('users.user_id'))
        .addColumn('rating', 'integer', required)
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', required)
        .addCheckConstraint('delivery_ratings_rating', sql`rating between 1 and 5`)
        .execute();
      await createIndex(db, 'delivery_ratings_courier', 'delivery_ratings', ['courier_id']);
    },
  };
}
