/**
 * The SQLite copy and check of sqlite.ts, on a worker thread with a connection of its own.
 * Plain JavaScript, so Node runs it as it is, from the sources (tests, development) and beside
 * the bundled server alike. `workerData`: the better-sqlite3 module to load, the file to copy
 * (`from`, absent for a check only), the copy (`to`) and the tables to count.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const Database = createRequire(import.meta.url)(workerData.driver);
const { from, to, tables } = workerData;
/**
 * The page cache of the copy's and the check's connections: 2 MB (`cache_size` in KiB when
 * negative), not better-sqlite3's 16 MB each. The C allocator kept what they filled after the
 * worker had ended: the first scheduled backup of the bench's 116 MB database left the server
 * 68 MB larger, 22-39 MB so. The copy and check took 1.1 s with the large cache, 1.2-1.3 s so.
 */
const CACHE_KIB = -2048;

function check(file, standalone) {
  const db = new Database(file, { fileMustExist: true });
  db.pragma(`cache_size = ${CACHE_KIB}`);
  try {
    // A rollback journal: the copy is one file and opens anywhere.
    if (standalone) db.pragma('journal_mode = DELETE');
    const detail = db
      .pragma('integrity_check')
      .slice(0, 5)
      .map((row) => row.integrity_check)
      .join('; ');
    const rows = {};
    for (const name of tables) {
      rows[name] = db
        .prepare('select count(*) as n from "' + name.replaceAll('"', '""') + '"')
        .get().n;
    }
    return { ok: detail === 'ok', detail, rows };
  } finally {
    db.close();
  }
}

async function run() {
  if (!from) return { pages: 0, ...check(to, false) };
  const source = new Database(from, { fileMustExist: true });
  source.pragma('busy_timeout = 10000');
  source.pragma(`cache_size = ${CACHE_KIB}`);
  try {
    // Every page in one step: one read transaction, so one snapshot (a step at a time would
    // start again whenever another connection writes).
    const progress = await source.backup(to, { progress: () => 0x7fffffff });
    return { pages: progress.totalPages, ...check(to, true) };
  } finally {
    source.close();
  }
}

run().then(
  (result) => parentPort.postMessage(result),
  (error) => parentPort.postMessage({ error: error.message }),
);
