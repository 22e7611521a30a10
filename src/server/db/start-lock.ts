import { sql } from 'kysely';
import type { Connection } from './connect.js';
import type { Db } from './schema.js';

/** Any number of ours, the same on every instance. */
const START_LOCK = 7_263_110;

/**
 * Runs the work a start does once for everyone (moving old picture files in, the demo seed) on
 * one instance at a time, so instances started together do not seed twice: on PostgreSQL under
 * an advisory lock held by one connection, which `work` also uses. SQLite has one instance.
 */
export async function withStartLock<T>(
  database: Connection,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (database.dialect !== 'postgres') return work(database.db);
  return database.db.connection().execute(async (db) => {
    await sql`select pg_advisory_lock(${START_LOCK})`.execute(db);
    try {
      return await work(db);
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK})`.execute(db);
    }
  });
}
