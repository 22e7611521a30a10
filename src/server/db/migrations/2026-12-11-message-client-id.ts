import type { Kysely } from 'kysely';

/**
 * Frozen in time. A message may carry the id its sender's device made for it (`client_id`): a
 * message written offline waits in the outbox and is sent again after a lost answer, and the
 * server keeps it once per sender and id, for good (an Idempotency-Key lasts 24 hours; a phone
 * may stay offline longer). Older messages and clients without it have none (null, which the
 * unique index does not count on either engine).
 */
export function messageClientId() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('direct_messages').addColumn('client_id', 'text').execute();
      await db.schema
        .createIndex('direct_messages_sender_client_id')
        .unique()
        .on('direct_messages')
        .columns(['sender_id', 'client_id'])
        .execute();
    },
  };
}
