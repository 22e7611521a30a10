import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { LRUCache } from 'lru-cache';
import { createOwnerOnlyFile, makeOwnerOnlyFolder } from '../lib/owner-only.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export const CONNECT_TIMEOUT_MS = 5_000;

/** An open database: the query builder, its dialect, and how to close it. */
export interface Connection {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The better-sqlite3 handle, for checks only SQLite has (integrity_check). */
  sqlite?: SQLite.Database;
  /**
   * SQLite: how many writing statements this process has sent, so the one fast read
   * (features/listings/search-cache.ts) can tell at once that this process changed the data.
   */
  localWrites?: () => number;
  destroy: () => Promise<void>;
}

// Postgres returns bigint (count(*), sums) as text; every such value here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/** Statements kept prepared: more than the API's distinct queries, few enough to stay small. */
const STATEMENT_CACHE = 256;

/**
 * Kysely's SQLite driver prepares every statement again on every query, which costs more than
 * running a primary-key read. better-sqlite3 statements are reusable (each run binds its own
 * parameters, and only one runs at a time on the one connection), so the same SQL text gets the
 * same statement, the least recently used forgotten first.
 */
function withStatementCache(
  sqlite: SQLite.Database,
  onWrite: () => void,
  size = STATEMENT_CACHE,
): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: size });
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement === undefined) {
        statement = sqlite.prepare(source);
        statements.set(source, statement);
      }
      // Kysely runs what it prepares at once (inserts, updates, deletes, commit, rollback).
      if (!statement.reader) onWrite();
      return statement;
    },
  };
}

/** One round trip: throws when the database does not answer (the health check). */
export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

export function connect(databaseUrl: string): Connection {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') {
      // A new database is the server user's alone (SQLite's own default is 0644).
      makeOwnerOnlyFolder(path.dirname(path.resolve(file)));
      createOwnerOnlyFile(file);
    }
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    let writes = 0;
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => writes++) }),
    });
    return {
      db,
      dialect: 'sqlite',
      sqlite,
      localWrites: () => writes,
      destroy: () => db.destroy(),
    };
  }
  // A database that does not answer fails a request in seconds (a 503), not after the
  // operating system's TCP timeout.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection closed by the server (restart, failover, admin) is reported here. pg
  // drops that connection and opens a new one on the next query; without a listener the event
  // would crash the process.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}
