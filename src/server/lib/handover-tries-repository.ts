/**
 * The buyer's handover code and its tries, wherever it is kept: a delivery's in `handover_codes`,
 * a meeting's in its `meetings` row (docs/decisions/022-delivery-proof.md). The tries are counted
 * and locked the same way in both. Only these statements read the code column: no other query
 * joins it in.
 */
import { randomInt } from 'node:crypto';
import { HANDOVER_CODE_LENGTH, HANDOVER_LOCK_MS, HANDOVER_MAX_WRONG } from '#shared/handover.js';
import type { Db } from '#server/db/schema.js';
import { isoIn, nowIso } from './time.js';

/** Each table that keeps a code: the key of its row and the column of the code. */
const CODE_HOLDERS = {
  handover_codes: { key: 'delivery_id', code: 'code' },
  meetings: { key: 'meeting_id', code: 'handover_code' },
} as const;
export type CodeHolder = keyof typeof CODE_HOLDERS;

export type HandoverTry =
  | { kind: 'tried'; code: string; wrongTries: number }
  | { kind: 'locked'; until: string }
  | { kind: 'none' };

/** A new random code: four digits, leading zeros kept. */
export const newHandoverCode = () =>
  String(randomInt(0, 10 ** HANDOVER_CODE_LENGTH)).padStart(HANDOVER_CODE_LENGTH, '0');

/** The codes kept for these rows, by key: for their buyer's own reads only. */
export async function handoverCodesOf(
  db: Db,
  holder: CodeHolder,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { key, code } = CODE_HOLDERS[holder];
  const rows = (await db
    .selectFrom(holder)
    .select([`${key} as id`, `${code} as code`])
    .where(key, 'in', ids)
    .execute()) as { id: number; code: string }[];
  return new Map(rows.map((r) => [r.id, r.code]));
}

/**
 * Spends one try before the code is compared, in one conditional update, so parallel tries
 * cannot pass the limit between them. A lock that has run out starts a fresh count. `wrongTries`
 * counts this try as wrong until giveBackHandoverTry says otherwise; `none` when there is no row.
 */
export async function reserveHandoverTry(
  db: Db,
  holder: CodeHolder,
  id: number,
): Promise<HandoverTry> {
  const { key, code } = CODE_HOLDERS[holder];
  const now = nowIso();
  const reserved = (await db
    .updateTable(holder)
    .set((eb) => ({
      wrong_tries: eb
        .case()
        .when('locked_until', 'is not', null)
        .then(1)
        .else(eb('wrong_tries', '+', 1))
        .end(),
      locked_until: null,
    }))
    .where(key, '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('locked_until', 'is', null), eb('wrong_tries', '<', HANDOVER_MAX_WRONG)]),
        eb('locked_until', '<=', now),
      ]),
    )
    .returning([`${code} as code`, 'wrong_tries'])
    .executeTakeFirst()) as { code: string; wrong_tries: number } | undefined;
  if (reserved) return { kind: 'tried', code: reserved.code, wrongTries: reserved.wrong_tries };
  const row = await db
    .selectFrom(holder)
    .select('locked_until')
    .where(key, '=', id)
    .executeTakeFirst();
  if (!row) return { kind: 'none' };
  // Tries spent by a racing request that has not set the lock yet: locked all the same.
  return { kind: 'locked', until: row.locked_until ?? isoIn(HANDOVER_LOCK_MS) };
}

/** The right code: the try does not count against the one who typed it. */
export async function giveBackHandoverTry(db: Db, holder: CodeHolder, id: number) {
  await db
    .updateTable(holder)
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '-', 1) }))
    .where(CODE_HOLDERS[holder].key, '=', id)
    .where('wrong_tries', '>', 0)
    .execute();
}

/**
 * After the last allowed wrong try: the handover is refused until the lock runs out. The end of
 * the lock for the one request that set it (that one tells both sides), else null.
 */
export async function lockHandover(db: Db, holder: CodeHolder, id: number): Promise<string | null> {
  const until = isoIn(HANDOVER_LOCK_MS);
  const result = await db
    .updateTable(holder)
    .set({ locked_until: until })
    .where(CODE_HOLDERS[holder].key, '=', id)
    .where('locked_until', 'is', null)
    .where('wrong_tries', '>=', HANDOVER_MAX_WRONG)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? until : null;
}
