/** No-shows said at meetings on campus, for the moderators' desk (docs/moderation.md). */
import type { NoShowEntry } from '#shared/schemas/moderation.js';
import { meetingsWithParties } from '#server/db/meetings-query.js';
import type { Db } from '#server/db/schema.js';

/** The newest `limit` no-shows, each with how many the absent person has had said of them. */
export async function noShows(db: Db, limit: number): Promise<NoShowEntry[]> {
  const rows = await meetingsWithParties(db)
    .where('m.status', '=', 'NoShow')
    .orderBy('m.updated_at', 'desc')
    .orderBy('m.meeting_id', 'desc')
    .limit(limit)
    .execute();
  const said = rows.map((r) => {
    const bySeller = r.no_show_by === r.seller_id;
    return {
      meeting_id: r.meeting_id,
      listing_id: r.listing_id,
      title: r.title,
      location: r.location,
      at: r.at,
      said_by: bySeller ? r.seller_id : r.buyer_id,
      said_by_username: bySeller ? r.seller_username : r.buyer_username,
      absent_id: bySeller ? r.buyer_id : r.seller_id,
      absent_username: bySeller ? r.buyer_username : r.seller_username,
      said_at: r.updated_at,
    };
  });
  const absent = [...new Set(said.map((s) => s.absent_id))];
  const counts = new Map<number, number>();
  if (absent.length > 0) {
    const tallies = await db
      .selectFrom('meetings')
      .select((eb) => [
        eb
          .case()
          .when('no_show_by', '=', eb.ref('seller_id'))
          .then(eb.ref('buyer_id'))
          .else(eb.ref('seller_id'))
          .end()
          .as('absent_id'),
        eb.fn.countAll<number | string>().as('n'),
      ])
      .where('status', '=', 'NoShow')
      .where((eb) => eb.or([eb('buyer_id', 'in', absent), eb('seller_id', 'in', absent)]))
      .groupBy('absent_id')
      .execute();
    for (const t of tallies) counts.set(Number(t.absent_id), Number(t.n));
  }
  return said.map((s) => ({ ...s, absent_no_shows: counts.get(s.absent_id) ?? 0 }));
}
