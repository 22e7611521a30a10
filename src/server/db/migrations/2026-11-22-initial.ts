import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';
import type { DialectName } from '../connect.js';
import {
  belongsTo,
  createIndex,
  mayName,
  numberedKey,
  oneOf,
  required,
  requiredColumns,
  userColumns,
  windowCounter,
  type Db,
} from './schema-parts.js';

// Frozen in time: this migration must keep describing the schema as it was on its date.
// The enum lists are written here, not imported, for that reason.
const CATEGORIES = ['Food', 'Furniture', 'Clothing', 'Stationary', 'Books', 'Electronics', 'Other'];
const CONDITIONS = ['New', 'Used - Like New', 'Used - Good', 'Used - Fair'];
export const REQUEST_STATUSES = ['Pending', 'Denied', 'Approved'];
export const DELIVERY_STATUSES = ['Unassigned', 'Assigned', 'Picked Up', 'Delivered'];

const listing = belongsTo('listings.listing_id');
const product = belongsTo('products.product_id');
type Id = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
/** Adds a table's columns, its numbered key made by `id`. */
type Columns = (
  id: Id,
) => <T extends string>(table: CreateTableBuilder<T, never>) => CreateTableBuilder<T, string>;

/**
 * The columns of the delivery tables as they are made here. On SQLite, delivery-proof
 * (2026-12-02) makes these tables again: from these columns and its own.
 */
export const deliveryTableColumns = {
  delivery_requests: (id) => (table) =>
    table
      .addColumn('delivery_request_id', 'integer', id)
      .$call(userColumns('buyer_id', 'vendor_id'))
      .addColumn('listing_id', 'integer', listing)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
      .addColumn('dropoff', 'text', required)
      .addColumn('buyer_special_request', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', required),
  delivery_instructions: (id) => (table) =>
    table
      .addColumn('delivery_id', 'integer', id)
      .addColumn('delivery_request_id', 'integer', (c) =>
        c
          .notNull()
          .unique()
          .references('delivery_requests.delivery_request_id')
          .onDelete('cascade'),
      )
      .$call(requiredColumns('text', 'pickup', 'dropoff'))
      .addColumn('seller_special_request', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('buyer_special_request', 'text', (c) => c.notNull().defaultTo(''))
      .$call(userColumns('buyer_id', 'vendor_id'))
      .addColumn('courier_id', 'integer', mayName('users.user_id'))
      .addColumn('product_id', 'integer', product)
      .addColumn('listing_id', 'integer', listing)
      .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('delivery_status', 'text', (c) => c.notNull().defaultTo('Unassigned'))
      .$call(requiredColumns('text', 'timestamp', 'updated_at')),
  delivery_events: (id) => (table) =>
    table
      .addColumn('event_id', 'integer', id)
      .addColumn('delivery_id', 'integer', belongsTo('delivery_instructions.delivery_id'))
      .addColumn('delivery_status', 'text', required)
      .addColumn('courier_id', 'integer')
      .addColumn('actor_id', 'integer', required)
      .addColumn('at', 'text', required)
      .addColumn('device_at', 'text'),
} satisfies Record<string, Columns>;

/** The indexes of the delivery tables as they are made here; delivery-proof makes them again. */
export async function createDeliveryIndexes(db: Db): Promise<void> {
  await createIndex(db, 'delivery_requests_vendor_status', 'delivery_requests', [
    'vendor_id',
    'status',
  ]);
  await createIndex(db, 'delivery_requests_listing', 'delivery_requests', ['listing_id']);
  for (const column of ['buyer_id', 'vendor_id', 'courier_id', 'listing_id', 'delivery_status']) {
    await createIndex(db, `delivery_instructions_${column}`, 'delivery_instructions', [column]);
  }
  await createIndex(db, 'delivery_events_delivery', 'delivery_events', ['delivery_id']);
}

export function initial(dialect: DialectName) {
  const id = numberedKey(dialect);
  const real = dialect === 'sqlite' ? 'real' : 'double precision';

  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('user_id', 'integer', id)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .$call(requiredColumns('text', 'first_name', 'last_name'))
        .addColumn('sfsu_email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', required)
        .addColumn('is_courier', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_shift', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rating', 'integer')
        .addColumn('created_at', 'text', required)
        .addCheckConstraint('users_is_courier', sql`is_courier in (0, 1)`)
        .addCheckConstraint('users_on_shift', sql`on_shift in (0, 1)`)
        .addCheckConstraint('users_rating', sql`rating is null or rating between 1 and 5`)
        .execute();

      await db.schema
        .createTable('products')
        .addColumn('product_id', 'integer', id)
        .$call(userColumns('vendor_id'))
        .$call(requiredColumns('text', 'title', 'description', 'category'))
        .addColumn('thumbnail', 'text')
        .addColumn('created_at', 'text', required)
        .addCheckConstraint('products_category', oneOf('category', CATEGORIES))
        .execute();
      await createIndex(db, 'products_vendor', 'products', ['vendor_id']);
      await createIndex(db, 'products_category', 'products', ['category']);

      await db.schema
        .createTable('listings')
        .addColumn('listing_id', 'integer', id)
        .addColumn('product_id', 'integer', product)
        .$call(userColumns('vendor_id'))
        .addColumn('price_cents', 'integer', required)
        .addColumn('conditions', 'text', required)
        .addColumn('discount', real, (c) => c.notNull().defaultTo(0))
        .addColumn('listing_date', 'text', required)
        .addColumn('availability', 'text', (c) => c.notNull().defaultTo('In Stock'))
        .addColumn('listing_status', 'text', (c) => c.notNull().defaultTo('Active'))
        .addCheckConstraint('listings_price', sql`price_cents >= 0`)
        .addCheckConstraint('listings_discount', sql`discount >= 0 and discount <= 100`)
        .addCheckConstraint('listings_conditions', oneOf('conditions', CONDITIONS))
        .addCheckConstraint(
          'listings_availability',
          oneOf('availability', ['In Stock', 'Out of Stock']),
        )
        .addCheckConstraint(
          'listings_status',
          oneOf('listing_status', ['Active', 'Sold', 'Deleted']),
        )
        .execute();
      await createIndex(db, 'listings_product', 'listings', ['product_id']);
      await createIndex(db, 'listings_vendor_status', 'listings', ['vendor_id', 'listing_status']);
      await createIndex(db, 'listings_status_date', 'listings', ['listing_status', 'listing_date']);

      await db.schema
        .createTable('direct_messages')
        .addColumn('message_id', 'integer', id)
        .$call(userColumns('sender_id', 'receiver_id'))
        .addColumn('listing_id', 'integer', mayName('listings.listing_id'))
        .addColumn('content', 'text', required)
        .addColumn('created_at', 'text', required)
        .addColumn('read_at', 'text')
        .execute();
      await createIndex(db, 'messages_sender_listing', 'direct_messages', [
        'sender_id',
        'listing_id',
      ]);
      await createIndex(db, 'messages_receiver', 'direct_messages', ['receiver_id']);

      await db.schema
        .createTable('reviews')
        .addColumn('review_id', 'integer', id)
        .$call(userColumns('author_id', 'vendor_id'))
        .addColumn('rating', 'integer', required)
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('review_date', 'text', required)
        .addUniqueConstraint('reviews_one_per_vendor', ['author_id', 'vendor_id'])
        .addCheckConstraint('reviews_rating', sql`rating between 1 and 5`)
        .addCheckConstraint('reviews_not_self', sql`author_id <> vendor_id`)
        .execute();
      await createIndex(db, 'reviews_vendor_date', 'reviews', ['vendor_id', 'review_date']);

      await db.schema
        .createTable('delivery_requests')
        .$call(deliveryTableColumns.delivery_requests(id))
        .addUniqueConstraint('delivery_requests_once', ['buyer_id', 'listing_id'])
        .addCheckConstraint('delivery_requests_status', oneOf('status', REQUEST_STATUSES))
        .addCheckConstraint('delivery_requests_not_self', sql`buyer_id <> vendor_id`)
        .execute();
      await db.schema
        .createTable('delivery_instructions')
        .$call(deliveryTableColumns.delivery_instructions(id))
        .addCheckConstraint(
          'delivery_instructions_status',
          oneOf('delivery_status', DELIVERY_STATUSES),
        )
        .addCheckConstraint('delivery_instructions_quantity', sql`quantity > 0`)
        .addCheckConstraint(
          'delivery_instructions_courier',
          sql`(delivery_status = 'Unassigned') = (courier_id is null)`,
        )
        .execute();
      await db.schema
        .createTable('delivery_events')
        .$call(deliveryTableColumns.delivery_events(id))
        .addCheckConstraint('delivery_events_status', oneOf('delivery_status', DELIVERY_STATUSES))
        .execute();
      await createDeliveryIndexes(db);

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .$call(userColumns('user_id'))
        .$call(requiredColumns('text', 'created_at', 'expires_at'))
        .execute();
      await createIndex(db, 'sessions_user', 'sessions', ['user_id']);
      await createIndex(db, 'sessions_expires', 'sessions', ['expires_at']);

      await db.schema.createTable('auth_throttle').$call(windowCounter('failures')).execute();
    },
  };
}
