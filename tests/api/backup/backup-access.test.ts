/**
 * Backups and the database are the server user's alone: new files 0600 and folders 0700
 * (scheduled backups, `npm run backup`, a restored database, the SQLite file with its -wal and
 * -shm), while wider ones an operator already has are named in the log at start and left as
 * they are. And a SQLite backup opens in the system's sqlite3 (Debian 12's 3.40 is the oldest
 * supported), writes included.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '#server/db/factories.js';
import { backupCommand } from '#server/cli/backup.js';
import { restoreCommand } from '#server/cli/restore.js';
import { LONGEST_WORD, length, wordsOf } from '#server/features/listings/search-words.js';
import { findSqlite3 } from '../../../scripts/browsers.mjs';
import { createTestApp, signedInUser, type TestContext } from '../harness.js';

const onSqlite = !process.env.TEST_DATABASE_URL;
const extension = onSqlite ? 'db' : 'dump';
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const fast = { firstCheckMs: 10, checkEveryMs: 40, retryMs: 60 * 60_000 };

/** `npm run backup -- --out file` against the app's database, succeeding. */
async function backUp(ctx: TestContext, file: string, dataDir = ctx.config.dataDir) {
  const made = await backupCommand(['--out', file], {
    DATABASE_URL: ctx.config.databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  expect(made.code, made.text).toBe(0);
}

interface LogEntry {
  level: number;
  msg: string;
  path?: string;
  mode?: string;
}

function logLines() {
  const entries: LogEntry[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        entries.push(JSON.parse(line) as LogEntry);
      }
      done();
    },
  });
  const openToOthers = () => entries.filter((e) => e.msg.includes('open to other users'));
  return { stream, openToOthers };
}

let umask: number;
// The usual umask: without modes of their own, new files would be 0644 and folders 0755.
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

describe('the files of the database and its backups', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-modes-'));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('are made owner-only: 0600 files in 0700 folders', async () => {
    const dataDir = path.join(root, 'fresh', 'data');
    const backupDir = path.join(root, 'fresh', 'kept', 'backups');
    const database = path.join(dataDir, 'market.db');
    const log = logLines();
    const ctx = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        BACKUP_INTERVAL_HOURS: '24',
        LOG_LEVEL: 'warn',
        ...(onSqlite && { DATABASE_URL: `sqlite:${database}` }),
      },
      backupTiming: fast,
      logStream: log.stream,
    });
    try {
      await signedInUser(ctx);
      // A scheduled backup, in folders it made.
      const run = () =>
        ctx.database.db
          .selectFrom('backup_runs')
          .select(['status', 'file'])
          .where('kind', '=', 'scheduled')
          .executeTakeFirst();
      await expect.poll(async () => (await run())?.status, { timeout: 20_000 }).toBe('ok');
      const scheduled = (await run())!.file!;
      expect(path.dirname(scheduled)).toBe(backupDir);
      expect(modeOf(scheduled)).toBe(0o600);
      expect(modeOf(backupDir)).toBe(0o700);
      expect(modeOf(path.dirname(backupDir))).toBe(0o700);

      // `npm run backup` into a folder it makes.
      const manual = path.join(root, 'fresh', 'manual', `copy.${extension}`);
      await backUp(ctx, manual, dataDir);
      expect(modeOf(manual)).toBe(0o600);
      expect(modeOf(path.dirname(manual))).toBe(0o700);

      if (onSqlite) {
        // The live database, its write-ahead log and shared memory, and the folder it made.
        for (const file of [database, `${database}-wal`, `${database}-shm`]) {
          expect(modeOf(file), file).toBe(0o600);
        }
        expect(modeOf(dataDir)).toBe(0o700);
        // A restore into a new file makes it owner-only too.
        const restored = path.join(root, 'fresh', 'restored', 'market.db');
        const restore = await restoreCommand(['--from', manual], {
          DATABASE_URL: `sqlite:${restored}`,
          LOG_LEVEL: 'silent',
        });
        expect(restore.code, restore.text).toBe(0);
        expect(modeOf(restored)).toBe(0o600);
        expect(modeOf(path.dirname(restored))).toBe(0o700);
      }
      // Nothing to warn about.
      expect(log.openToOthers()).toEqual([]);
    } finally {
      await ctx.close();
    }
  }, 60_000);

  it('an operator made wider are named at start with their mode, and left as they are', async () => {
    const dataDir = path.join(root, 'older', 'data');
    const backupDir = path.join(dataDir, 'backups');
    fs.mkdirSync(backupDir, { recursive: true });
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(backupDir, 0o750);
    // A backup an older version wrote, readable by everyone.
    const oldBackup = path.join(backupDir, `gator-market-sqlite-20261201T031500Z.${extension}`);
    fs.writeFileSync(oldBackup, 'an old copy', { mode: 0o644 });
    const database = path.join(dataDir, 'market.db');
    if (onSqlite) {
      // A database an older version made (0644): SQLite gives its -wal and -shm the same mode.
      const older = new SQLite(database);
      older.pragma('journal_mode = WAL');
      older.close();
      fs.chmodSync(database, 0o644);
    }
    const log = logLines();
    const ctx = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...(onSqlite && { DATABASE_URL: `sqlite:${database}` }),
      },
      logStream: log.stream,
    });
    try {
      const expected: Record<string, string> = {
        [dataDir]: '0755',
        [backupDir]: '0750',
        [oldBackup]: '0644',
        ...(onSqlite && {
          [database]: '0644',
          [`${database}-wal`]: '0644',
          [`${database}-shm`]: '0644',
        }),
      };
      const warned = log.openToOthers();
      expect(Object.fromEntries(warned.map((e) => [e.path, e.mode]))).toEqual(expected);
      for (const entry of warned) {
        expect(entry.level).toBe(40);
        expect(entry.msg).toContain(`${entry.path} `);
        expect(entry.msg).toContain(`(mode ${entry.mode})`);
        expect(entry.msg).toMatch(/left as it is: chmod [67]00 /);
      }
      // Nothing was changed behind the operator's back.
      for (const [file, mode] of Object.entries(expected)) {
        expect(modeOf(file).toString(8).padStart(4, '0'), file).toBe(mode);
      }
      // A new backup in that folder is owner-only all the same; the folder stays as it was.
      const fresh = path.join(backupDir, `fresh.${extension}`);
      await backUp(ctx, fresh, dataDir);
      expect(modeOf(fresh)).toBe(0o600);
      expect(modeOf(backupDir)).toBe(0o750);
    } finally {
      await ctx.close();
    }
  }, 60_000);
});

const sqlite3 = findSqlite3();
if (onSqlite && !sqlite3) {
  console.warn("sqlite3 is not installed: a backup is not opened with the system's SQLite.");
}

/** The vocabulary search-words.ts gives the products of a SQLite file, and the one it holds. */
function vocabularies(file: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    const docs = new Map<string, number>();
    const products = db.prepare('select title, description, category from products').all() as {
      title: string;
      description: string;
      category: string;
    }[];
    for (const p of products) {
      const words = new Set(
        wordsOf(`${p.title} ${p.description} ${p.category}`).filter(
          (w) => length(w) <= LONGEST_WORD,
        ),
      );
      for (const w of words) docs.set(w, (docs.get(w) ?? 0) + 1);
    }
    const held = db.prepare('select term, docs from search_terms').all() as {
      term: string;
      docs: number;
    }[];
    const sorted = (pairs: [string, number][]) => pairs.sort(([a], [b]) => (a < b ? -1 : 1));
    return {
      expected: sorted([...docs]),
      held: sorted(held.map((r) => [r.term, r.docs])),
    };
  } finally {
    db.close();
  }
}

describe.skipIf(!onSqlite)("a SQLite backup in the system's sqlite3", () => {
  it('passes PRAGMA integrity_check, lists its tables, and takes writes', async ({ skip }) => {
    if (!sqlite3) skip('sqlite3 is not installed (sudo apt-get install sqlite3)');
    const version = spawnSync(sqlite3!, ['--version'], { encoding: 'utf8' }).stdout;
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-sqlite3-'));
    const ctx = await createTestApp();
    try {
      const vendor = await signedInUser(ctx);
      const listing = (title: string, description: string) =>
        createListing(ctx.database.db, {
          vendor_id: vendor.user.user_id,
          title,
          description,
          category: 'Furniture',
        });
      const desk = await listing('IKEA desk LAMP', 'Bright "LED" bulb; great for dorm\\life.');
      const chair = await listing('Café chair', 'Solid wood: naïve but sturdy (2 legs? no, 4!)');
      const file = path.join(tmp, 'copy.db');
      await backUp(ctx, file);

      const opened = spawnSync(sqlite3!, ['-bail', file, 'PRAGMA integrity_check', '.tables'], {
        encoding: 'utf8',
      });
      expect(opened.stderr, version).toBe('');
      expect(opened.status, version).toBe(0);
      expect(opened.stdout.split('\n')[0], version).toBe('ok');
      expect(opened.stdout).toMatch(/\bproducts\b/);
      expect(opened.stdout).toMatch(/\bsearch_terms_grams\b/);

      // Writes through it run the search triggers as the server's SQLite does.
      const written = spawnSync(
        sqlite3!,
        [
          '-bail',
          file,
          'PRAGMA foreign_keys = ON',
          `update products set title = 'IKEA floor lamp' where product_id = ${desk.product_id}`,
          `delete from products where product_id = ${chair.product_id}`,
          `select term from search_terms where rowid in
            (select rowid from search_terms_grams where search_terms_grams match '"oor$"')`,
          'PRAGMA integrity_check',
        ],
        { encoding: 'utf8' },
      );
      expect(written.stderr, version).toBe('');
      expect(written.status, version).toBe(0);
      expect(written.stdout.trim().split('\n'), version).toEqual(['floor', 'ok']);
      const { expected, held } = vocabularies(file);
      expect(held, version).toEqual(expected);
      expect(held.map(([w]) => w)).not.toContain('café');
    } finally {
      await ctx.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 60_000);
});
