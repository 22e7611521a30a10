import { sql, type Kysely, type ColumnDefinitionBuilder, type RawBuilder } from 'kysely';
import type { DialectName } from '../connect.js';

// Frozen in time: this migration must keep describing the schema as it was on its date.
// The enum lists are written here, not imported, for that reason.
const CATEGORIES = ['Food', 'Furniture', 'Clothing', 'Stationary', 'Books', 'Electronics', 'Other'];
const CONDITIONS = ['New', 'Used - Like New', 'Used - Good', 'Used - Fair'];
const REQUEST_STATUSES = ['Pending', 'Denied', 'Approved'];
const DELIVERY_STATUSES = ['Unassigned', 'Assigned', 'Picked Up', 'Delivered'];

function oneOf(column: string, values: string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

export function initial(dialect: DialectName) {
  const pk = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite'
      ? c.primaryKey().autoIncrement()
      : c.primaryKey().generatedByDefaultAsIdentity();
  const real = dialect === 'sqlite' ? 'real' : 'double precision';

  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('user_id', 'integer', pk)
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('sfsu_email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('is_courier', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('on_shift', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rating', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('users_is_courier', sql`is_courier in (0, 1)`)
        .addCheckConstraint('users_on_shift', sql`on_shift in (0, 1)`)
        .addCheckConstraint('users_rating', sql`rating is null or rating between 1 and 5`)
        .execute();

      await db.schema
        .createTable('products')
        .addColumn('product_id', 'integer', pk)
        .addColumn('vendor_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('thumbnail', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addCheckConstraint('products_category', oneOf('category', CATEGORIES))
        .execute();
      await db.schema.createIndex('products_vendor').on('products').column('vendor_id').execute();
      await db.schema.createIndex('products_category').on('products').column('category').execute();

      await db.schema
        .createTable('listings')
        .addColumn('listing_id', 'integer', pk)
        .addColumn('product_id', 'integer', (c) =>
          c.notNull().references('products.product_id').onDelete('cascade'),
        )
        .addColumn('vendor_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('conditions', 'text', (c) => c.notNull())
        .addColumn('discount', real, (c) => c.notNull().defaultTo(0))
        .addColumn('listing_date', 'text', (c) => c.notNull())
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
      await db.schema.createIndex('listings_product').on('listings').column('product_id').execute();
      await db.schema
        .createIndex('listings_vendor_status')
        .on('listings')
        .columns(['vendor_id', 'listing_status'])
        .execute();
      await db.schema
        .createIndex('listings_status_date')
        .on('listings')
        .columns(['listing_status', 'listing_date'])
        .execute();

      await db.schema
        .createTable('direct_messages')
        .addColumn('message_id', 'integer', pk)
        .addColumn('sender_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('receiver_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('listing_id', 'integer', (c) =>
          c.references('listings.listing_id').onDelete('set null'),
        )
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema
        .createIndex('messages_sender_listing')
        .on('direct_messages')
        .columns(['sender_id', 'listing_id'])
        .execute();
      await db.schema
        .createIndex('messages_receiver')
        .on('direct_messages')
        .column('receiver_id')
        .execute();

      await db.schema
        .createTable('reviews')
        .addColumn('review_id', 'integer', pk)
        .addColumn('author_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('vendor_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('rating', 'integer', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('review_date', 'text', (c) => c.notNull())
        .addUniqueConstraint('reviews_one_per_vendor', ['author_id', 'vendor_id'])
        .addCheckConstraint('reviews_rating', sql`rating between 1 and 5`)
        .addCheckConstraint('reviews_not_self', sql`author_id <> vendor_id`)
        .execute();
      await db.schema
        .createIndex('reviews_vendor_date')
        .on('reviews')
        .columns(['vendor_id', 'review_date'])
        .execute();

      await db.schema
        .createTable('delivery_requests')
        .addColumn('delivery_request_id', 'integer', pk)
        .addColumn('buyer_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('vendor_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('listing_id', 'integer', (c) =>
          c.notNull().references('listings.listing_id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending'))
        .addColumn('dropoff', 'text', (c) => c.notNull())
        .addColumn('buyer_special_request', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('delivery_requests_once', ['buyer_id', 'listing_id'])
        .addCheckConstraint('delivery_requests_status', oneOf('status', REQUEST_STATUSES))
        .addCheckConstraint('delivery_requests_not_self', sql`buyer_id <> vendor_id`)
        .execute();
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

      await db.schema
        .createTable('delivery_instructions')
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
        .addColumn('buyer_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('vendor_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
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
      for (const column of [
        'buyer_id',
        'vendor_id',
        'courier_id',
        'listing_id',
        'delivery_status',
      ]) {
        await db.schema
          .createIndex(`delivery_instructions_${column}`)
          .on('delivery_instructions')
          .column(column)
          .execute();
      }

      await db.schema
        .createTable('delivery_events')
        .addColumn('event_id', 'integer', pk)
        .addColumn('delivery_id', 'integer', (c) =>
          c.notNull().references('delivery_instructions.delivery_id').onDelete('cascade'),
        )
        .addColumn('delivery_status', 'text', (c) => c.notNull())
        .addColumn('courier_id', 'integer')
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('device_at', 'text')
        .addCheckConstraint('delivery_events_status', oneOf('delivery_status', DELIVERY_STATUSES))
        .execute();
      await db.schema
        .createIndex('delivery_events_delivery')
        .on('delivery_events')
        .column('delivery_id')
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
