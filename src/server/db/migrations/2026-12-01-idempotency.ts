import type { Kysely } from 'kysely';

/**
 * Frozen in time. Idempotency keys (docs/decisions/021-lie-fi-and-idempotency-keys.md): per account, the
 * key a client sent with a create, a fingerprint of the request it came with, and once the
 * first request has finished its answer (status and JSON body), so a repeat is answered with it. A row without an
 * answer is a request still running (until lease_until); rows are kept until expires_at.
 */
export function idempotency() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('lease_until', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('body', 'text')
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute();
      await db.schema
        .createIndex('idempotency_keys_expires')
        .on('idempotency_keys')
        .column('expires_at')
        .execute();
    },
  };
}
