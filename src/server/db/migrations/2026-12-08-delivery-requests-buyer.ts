import type { Kysely } from 'kysely';

/**
 * Frozen in time. Delivery requests are found by their buyer (Order Status, the "Request Already
 * Sent" check, an account's data) and checked by the database whenever a user row is removed or
 * replaced; the one buyer index so far covered only Pending requests. With thousands of requests
 * each of those read the whole table.
 */
// Kysely<any>: a migration describes the schema of its own date, not today's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export function deliveryRequestsBuyer() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createIndex('delivery_requests_buyer')
        .ifNotExists()
        .on('delivery_requests')
        .column('buyer_id')
        .execute();
    },
  };
}
