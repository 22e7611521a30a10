import { sql, type RawBuilder } from 'kysely';

/**
 * A count kept over a fixed window in one row: `start`, when the window began, and `count`,
 * what has been spent in it. A window that began at or before `over` (an ISO time) is over, and
 * the next unit spent starts a fresh one. Used in one conditional write, so parallel requests
 * cannot spend more than is left (flood limits, verification mail resends).
 */
export function fixedWindow(columns: { start: string; count: string }, over: string) {
  const start = sql.ref(columns.start);
  const count = sql.ref(columns.count);
  const ended = sql<boolean>`${start} <= ${over}`;
  return {
    /** The window's start once a unit is spent at `now`. */
    start: (now: string): RawBuilder<string> =>
      sql<string>`case when ${ended} then ${now} else ${start} end`,
    /** The count once a unit is spent. */
    count: sql<number>`case when ${ended} then 1 else ${count} + 1 end`,
    /** Whether a unit of `max` is left: the window is over, or it has some to spend. */
    allows: (max: number): RawBuilder<boolean> => sql<boolean>`(${ended} or ${count} < ${max})`,
  };
}
