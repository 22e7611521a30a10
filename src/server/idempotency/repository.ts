/**
 * The Idempotency-Key store, in the database so every instance shares it
 * (docs/decisions/021-lie-fi-and-idempotency-keys.md). One conditional statement claims a key, so of two
 * requests with the same key, on any instances, exactly one runs.
 */
import type { Db } from '#server/db/schema.js';

export interface StoredAnswer {
  statusCode: number;
  /** The answer's JSON. */
  body: string;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; answer: StoredAnswer }
  /** The key came with another request. */
  | { kind: 'mismatch' }
  /** The first request with the key is still running. */
  | { kind: 'running' };

export interface ClaimInput {
  userId: number;
  key: string;
  fingerprint: string;
  now: number;
  ttlMs: number;
  /** How long a running request holds the key before it counts as abandoned. */
  leaseMs: number;
  /** The most keys the account keeps: a new one evicts the oldest answered ones past it. */
  keep: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export async function claimKey(db: Db, input: ClaimInput): Promise<Claim> {
  const { userId, key, fingerprint, now } = input;
  const fresh = {
    fingerprint,
    created_at: iso(now),
    expires_at: iso(now + input.ttlMs),
    lease_until: iso(now + input.leaseMs),
    status_code: null,
    body: null,
  };
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, ...fresh })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) {
    await evictOldest(db, userId, input.keep);
    return { kind: 'claimed' };
  }

  // An expired key is new again; a request abandoned without an answer (its instance stopped)
  // may be taken over by the same request.
  const takenOver = await db
    .updateTable('idempotency_keys')
    .set(fresh)
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', iso(now)),
        eb.and([
          eb('status_code', 'is', null),
          eb('lease_until', '<=', iso(now)),
          eb('fingerprint', '=', fingerprint),
        ]),
      ]),
    )
    .returning('key')
    .executeTakeFirst();
  if (takenOver) return { kind: 'claimed' };

  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status_code', 'body'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
  // Released between the two statements: claim it on the next try.
  if (!row) return { kind: 'running' };
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (row.status_code === null) return { kind: 'running' };
  return {
    kind: 'replay',
    answer: { statusCode: row.status_code, body: row.body ?? 'null' },
  };
}

/**
 * Deletes the account's answered keys past its newest `keep`. A key whose request still runs
 * stays: its answer is on the way.
 */
async function evictOldest(db: Db, userId: number, keep: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('status_code', 'is not', null)
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('idempotency_keys')
        .select('key')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('key', 'desc')
        // SQLite takes an offset only after a limit.
        .limit(Number.MAX_SAFE_INTEGER)
        .offset(keep),
    )
    .execute();
}

/** Keeps the first request's answer for the repeats. */
export async function storeAnswer(
  db: Db,
  userId: number,
  key: string,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: answer.statusCode, body: answer.body })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}

/** Lets go of a key whose request failed, so the same request may be tried again. */
export async function releaseKey(db: Db, userId: number, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('status_code', 'is', null)
    .execute();
}

export async function deleteExpiredKeys(db: Db, now: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', iso(now)).execute();
}
