/** The record of backups made (`backup_runs`): who makes the next scheduled one, and when the last good one was. */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { DialectName } from '../db/connect.js';
import type { BackupKind, Db } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

/** Any number of ours, the same on every instance (start-lock.ts has another). */
const SCHEDULE_LOCK = 7_263_127;

/** Which process made a backup, for the operator reading the table. */
export const thisInstance = (what = 'server') => `${os.hostname()} ${what} (pid ${process.pid})`;

export async function startRun(db: Db, kind: BackupKind, instance: string): Promise<string> {
  const backupId = randomUUID();
  await db
    .insertInto('backup_runs')
    .values({ backup_id: backupId, kind, status: 'running', instance, started_at: nowIso() })
    .execute();
  return backupId;
}

export interface RunOutcome {
  status: 'ok' | 'failed';
  file: string;
  bytes?: number;
  sha256?: string;
  error?: string;
}

export async function finishRun(db: Db, backupId: string, outcome: RunOutcome): Promise<void> {
  await db
    .updateTable('backup_runs')
    .set({
      status: outcome.status,
      finished_at: nowIso(),
      file: outcome.file,
      bytes: outcome.bytes ?? null,
      sha256: outcome.sha256 ?? null,
      error: outcome.error?.slice(0, 1000) ?? null,
    })
    .where('backup_id', '=', backupId)
    .execute();
}

/**
 * Takes the next scheduled backup for this instance when one is due: none succeeded within
 * `intervalMs` and none was tried within `retryMs` (a failure is tried again, not every few
 * minutes). One transaction, under an advisory lock on PostgreSQL, so of several instances
 * exactly one takes each. Answers the new run's id, or null when nothing is due.
 */
export async function claimScheduled(
  db: Db,
  dialect: DialectName,
  options: { intervalMs: number; retryMs: number; instance: string; file: string; now?: number },
): Promise<string | null> {
  const now = options.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK})`.execute(trx);
    const latest = (status?: 'ok') =>
      trx
        .selectFrom('backup_runs')
        .select(['started_at', 'status'])
        .where('kind', '=', 'scheduled')
        .$if(status !== undefined, (q) => q.where('status', '=', status!))
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    const good = await latest('ok');
    if (good && Date.parse(good.started_at) > now - options.intervalMs) return null;
    const tried = await latest();
    if (tried && tried.status !== 'ok' && Date.parse(tried.started_at) > now - options.retryMs) {
      return null;
    }
    const backupId = randomUUID();
    await trx
      .insertInto('backup_runs')
      .values({
        backup_id: backupId,
        kind: 'scheduled',
        status: 'running',
        instance: options.instance,
        started_at: new Date(now).toISOString(),
        file: options.file,
      })
      .execute();
    return backupId;
  });
}

/** When the last good backup (of any kind, by any instance) was finished, or null. */
export async function lastGoodBackup(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('backup_runs')
    .select('finished_at')
    .where('status', '=', 'ok')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ?? null;
}
