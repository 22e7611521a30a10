import type { Db } from '#server/db/schema.js';
import { nowIso } from '#server/lib/time.js';

/**
 * Counts one more attempt for `key` in its window (a new window when the last one began at or
 * before `windowStartAfter`), in one statement, and answers the count and when the window
 * began: parallel requests on any instance each see their own count.
 */
export async function countAttempt(db: Db, key: string, windowStartAfter: string) {
  const now = nowIso();
  return db
    .insertInto('auth_throttle')
    .values({ key, window_start: now, attempts: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        attempts: eb
          .case()
          .when('auth_throttle.window_start', '>', windowStartAfter)
          .then(eb('auth_throttle.attempts', '+', 1))
          .else(1)
          .end(),
        window_start: eb
          .case()
          .when('auth_throttle.window_start', '>', windowStartAfter)
          .then(eb.ref('auth_throttle.window_start'))
          .else(now)
          .end(),
      })),
    )
    .returning(['attempts', 'window_start'])
    .executeTakeFirstOrThrow();
}

/** Takes back one attempt counted in the window that began at `windowStart` (a success). */
export async function takeBackAttempt(db: Db, key: string, windowStart: string) {
  await db
    .updateTable('auth_throttle')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .where('attempts', '>', 0)
    .execute();
}

export async function clearAttempts(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return;
  await db.deleteFrom('auth_throttle').where('key', 'in', keys).execute();
}
