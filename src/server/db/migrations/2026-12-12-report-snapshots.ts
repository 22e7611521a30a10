import type { Kysely } from 'kysely';

/**
 * Frozen in time. A report keeps what it named when it was made (`snapshot`, JSON text: a
 * listing's title, description, price and cover; a message's text; a username), so an edit or a
 * delete-and-relist afterwards does not change what the moderator judges. Older reports have
 * none (null). And the reporter's record (reports moderators upheld or dismissed) is read per
 * reporter and status when the queue weighs reports (docs/decisions/020-moderation.md).
 */
export function reportSnapshots() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('reports').addColumn('snapshot', 'text').execute();
      await db.schema
        .createIndex('reports_reporter_status')
        .on('reports')
        .columns(['reporter_id', 'status'])
        .execute();
    },
  };
}
