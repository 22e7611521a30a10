/**
 * The buyer's handover codes. Only this file reads the `code` column: the buyer's list asks for
 * theirs (handoverCodesFor) and a drop-off checks one (reserveHandoverTry). No other query of
 * deliveries joins it in (docs/decisions/022-delivery-proof.md).
 */
import { randomInt } from 'node:crypto';
import { HANDOVER_CODE_LENGTH, HANDOVER_LOCK_MS, HANDOVER_MAX_WRONG } from '#shared/handover.js';
import type { Db } from '#server/db/schema.js';
import { isoIn, nowIso } from '#server/lib/time.js';

/** A new random code for a delivery asked for with one: four digits, leading zeros kept. */
export async function createHandoverCode(db: Db, deliveryId: number) {
  const code = String(randomInt(0, 10 ** HANDOVER_CODE_LENGTH)).padStart(HANDOVER_CODE_LENGTH, '0');
  await db.insertInto('handover_codes').values({ delivery_id: deliveryId, code }).execute();
}

/** The codes of these deliveries, by delivery: for their buyer's own list only. */
export async function handoverCodesFor(db: Db, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('handover_codes')
    .select(['delivery_id', 'code'])
    .where('delivery_id', 'in', deliveryIds)
    .execute();
  return new Map(rows.map((r) => [r.delivery_id, r.code]));
}

export type HandoverTry =
  | { kind: 'tried'; code: string; wrongTries: number }
  | { kind: 'locked'; until: string }
  | { kind: 'none' };

/**
 * Spends one try before the code is compared, in one conditional update, so parallel drop-offs
 * cannot pass the limit between them. A lock that has run out starts a fresh count. `wrongTries`
 * counts this try as wrong until giveBackTry says otherwise.
 */
export async function reserveHandoverTry(db: Db, deliveryId: number): Promise<HandoverTry> {
  const now = nowIso();
  const reserved = await db
    .updateTable('handover_codes')
    .set((eb) => ({
      wrong_tries: eb
        .case()
        .when('locked_until', 'is not', null)
        .then(1)
        .else(eb('wrong_tries', '+', 1))
        .end(),
      locked_until: null,
    }))
    .where('delivery_id', '=', deliveryId)
    .where((eb) =>
      eb.or([
        eb.and([eb('locked_until', 'is', null), eb('wrong_tries', '<', HANDOVER_MAX_WRONG)]),
        eb('locked_until', '<=', now),
      ]),
    )
    .returning(['code', 'wrong_tries'])
    .executeTakeFirst();
  if (reserved) return { kind: 'tried', code: reserved.code, wrongTries: reserved.wrong_tries };
  const row = await db
    .selectFrom('handover_codes')
    .select('locked_until')
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirst();
  if (!row) return { kind: 'none' };
  // Tries spent by a racing request that has not set the lock yet: locked all the same.
  return { kind: 'locked', until: row.locked_until ?? isoIn(HANDOVER_LOCK_MS) };
}

/** The right code: the try does not count against the courier. */
export async function giveBackTry(db: Db, deliveryId: number) {
  await db
    .updateTable('handover_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '-', 1) }))
    .where('delivery_id', '=', deliveryId)
    .where('wrong_tries', '>', 0)
    .execute();
}

/**
 * After the last allowed wrong try: drop-off is refused until the lock runs out. True for the
 * one request that set it (that one tells the buyer and the vendor).
 */
export async function lockHandover(db: Db, deliveryId: number): Promise<string | null> {
  const until = isoIn(HANDOVER_LOCK_MS);
  const result = await db
    .updateTable('handover_codes')
    .set({ locked_until: until })
    .where('delivery_id', '=', deliveryId)
    .where('locked_until', 'is', null)
    .where('wrong_tries', '>=', HANDOVER_MAX_WRONG)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? until : null;
}
