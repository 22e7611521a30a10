import { sql, type Kysely } from 'kysely';

/**
 * Frozen in time. A seller's number of reviews, kept beside their rating, so every answer that
 * carries a rating can say whether it rests on any review: a seller without reviews is shown
 * with the default rating and "No reviews yet", not with one star as a verdict.
 */
export function reviewCount() {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update users set review_count =
        (select count(*) from reviews where reviews.vendor_id = users.user_id)`.execute(db);
    },
  };
}
