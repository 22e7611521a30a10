import { createIndex, requiredColumns, userColumns, type Db } from './schema-parts.js';

/**
 * Frozen in time. Idempotency keys (docs/decisions/021-lie-fi-and-idempotency-keys.md): per account, the
 * key a client sent with a create, a fingerprint of the request it came with, and once the
 * first request has finished its answer (status and JSON body), so a repeat is answered with it. A row without an
 * answer is a request still running (until lease_until); rows are kept until expires_at.
 */
export function idempotency() {
  return {
    async up(db: Db): Promise<void> {
      await db.schema
        .createTable('idempotency_keys')
        .$call(userColumns('user_id'))
        .$call(requiredColumns('text', 'key', 'fingerprint'))
        .$call(requiredColumns('text', 'created_at', 'expires_at', 'lease_until'))
        .addColumn('status_code', 'integer')
        .addColumn('body', 'text')
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
        .execute();
      await createIndex(db, 'idempotency_keys_expires', 'idempotency_keys', ['expires_at']);
    },
  };
}
