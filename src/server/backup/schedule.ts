/**
 * Scheduled backups: every BACKUP_INTERVAL_HOURS a checked copy goes to BACKUP_DIR, which keeps
 * the newest BACKUP_KEEP. Every instance looks now and then; the database decides which one
 * makes each copy (runs-repository.ts). A failure is logged at error level, counted in
 * /metrics and tried again within the hour.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Connection } from '../db/connect.js';
import { makeBackup } from './backup.js';
import { pruneScheduled, scheduledName } from './files.js';
import { claimScheduled, finishRun, thisInstance } from './runs-repository.js';

export interface BackupTiming {
  /** The first look after start (the first copy of a new install comes this soon). */
  firstCheckMs: number;
  /** How often an instance looks whether a copy is due. */
  checkEveryMs: number;
  /** A failed copy is tried again after this long (at most the interval). */
  retryMs: number;
}

export const DEFAULT_BACKUP_TIMING: BackupTiming = {
  firstCheckMs: 60_000,
  checkEveryMs: 5 * 60_000,
  retryMs: 60 * 60_000,
};

/** How long a stopping instance waits for a copy under way before it lets go of it. */
const STOP_WAIT_MS = 5_000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function registerBackupSchedule(
  app: FastifyInstance,
  database: Connection,
  timing: Partial<BackupTiming> = {},
): void {
  const {
    backupIntervalMs: intervalMs,
    backupDir,
    backupKeep,
    databaseUrl,
    uploadsDir,
  } = app.config;
  if (intervalMs === 0) return;
  const { firstCheckMs, checkEveryMs, retryMs } = { ...DEFAULT_BACKUP_TIMING, ...timing };
  const log = app.log.child({ component: 'backup' });
  const instance = thisInstance();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  const failed = (error: unknown, file?: string) => {
    app.metrics.backups.inc({ result: 'failed' });
    log.error({ err: error, file }, `scheduled backup failed: ${message(error)}`);
  };

  const backUp = async () => {
    const out = path.join(backupDir, scheduledName(app.dialect, new Date()));
    const runId = await claimScheduled(app.db, app.dialect, {
      intervalMs,
      retryMs: Math.min(retryMs, intervalMs),
      instance,
      file: out,
    });
    if (runId === null) return;
    try {
      const report = await makeBackup({ database, databaseUrl, uploadsDir, out });
      // The oldest copies go before this one is recorded: a good run has its folder in order.
      const removed = await pruneScheduled(backupDir, backupKeep).catch((error: unknown) => {
        log.warn({ err: error }, `could not remove old backups from ${backupDir}`);
        return [];
      });
      await finishRun(app.db, runId, {
        status: 'ok',
        file: report.file,
        bytes: report.bytes,
        sha256: report.sha256,
      });
      app.metrics.backups.inc({ result: 'ok' });
      log.info(
        {
          file: report.file,
          bytes: report.bytes,
          sha256: report.sha256,
          rows: report.rows,
          ms: report.ms,
          removed,
        },
        'scheduled backup written',
      );
    } catch (error) {
      // Recorded first: whoever reads the error in the log finds the failed run in the table.
      await finishRun(app.db, runId, { status: 'failed', file: out, error: message(error) }).catch(
        (recordError: unknown) => log.warn({ err: recordError }, 'could not record the failure'),
      );
      failed(error, out);
    }
  };

  const tick = () => {
    running = backUp()
      // The database itself may be away: that is a failed backup too, never a silent one.
      .catch((error: unknown) => failed(error))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, checkEveryMs).unref();
      });
  };

  app.addHook('onReady', async () => {
    timer = setTimeout(tick, firstCheckMs).unref();
  });
  app.addHook('preClose', async () => {
    stopped = true;
    clearTimeout(timer);
    if (running) await Promise.race([running, sleep(STOP_WAIT_MS)]);
  });
}
