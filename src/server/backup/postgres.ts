/**
 * PostgreSQL copies with the real tools: `pg_dump` in its custom format, checked with
 * `pg_restore --list`, restored with `pg_restore`. The row counts are read in the very snapshot
 * the dump is made of (`pg_export_snapshot`), so they describe the file exactly.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresCountedTables } from './tables.js';

type Tool = 'pg_dump' | 'pg_restore';

/** The URL without its password, which goes to the tool in PGPASSWORD (never in `ps`). */
export function libpqTarget(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export const MISSING_TOOL = (tool: Tool) =>
  `${tool} was not found. Install PostgreSQL's client tools, of the server's version or newer ` +
  `(Debian and Ubuntu: apt-get install postgresql-client), and make sure ${tool} is on the PATH.`;

/** Runs a PostgreSQL client tool; answers what it printed, or fails with what it said. */
function runTool(tool: Tool, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' ? MISSING_TOOL(tool) : error.message)),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${tool} failed (exit ${code}): ${err.trim() || 'no message'}`));
    });
  });
}

async function open(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  return client;
}

async function tableNames(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return rows.map((r) => r.table_name);
}

async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const name of postgresCountedTables(await tableNames(client))) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const result = await client.query<{ n: number }>(`select count(*)::int as n from ${quoted}`);
    rows[name] = result.rows[0]!.n;
  }
  return rows;
}

/** Dumps the database to `out` (custom format) and answers its row counts. */
export async function dumpPostgres(url: string, out: string): Promise<Record<string, number>> {
  const client = await open(url);
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>(
      'select pg_export_snapshot() as snapshot',
    );
    const counts = await countRows(client);
    const { dbname, env } = libpqTarget(url);
    await runTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${out}`, `--dbname=${dbname}`],
      env,
    );
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
}

/** Reads the archive's table of contents: a dump pg_restore cannot read fails here. */
export async function checkDump(file: string): Promise<{ ok: boolean; detail: string }> {
  try {
    const list = await runTool('pg_restore', ['--list', file]);
    const entries = list.split('\n').filter((line) => /^\d+;/.test(line));
    const data = entries.filter((line) => / TABLE DATA /.test(line)).length;
    return {
      ok: data > 0,
      detail: `pg_restore --list read ${entries.length} entries, ${data} of them table data`,
    };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Row counts of the database at `url` (empty when it has no tables yet). */
export async function postgresRows(url: string): Promise<Record<string, number>> {
  const client = await open(url);
  try {
    return await countRows(client);
  } finally {
    await client.end();
  }
}

/**
 * Restores the archive into the database at `url`, which is emptied first when it has tables
 * (the caller has checked that it may be). One transaction: a failed restore leaves no half.
 */
export async function restorePostgres(file: string, url: string): Promise<void> {
  const client = await open(url);
  try {
    if ((await tableNames(client)).length > 0) {
      await client.query('drop schema public cascade');
      await client.query('create schema public');
    }
  } finally {
    await client.end();
  }
  // Everything but COMMENT ON EXTENSION, which only the extension's owner (a superuser) may
  // run: restoring as the database's owner must not stop there.
  const toc = (await runTool('pg_restore', ['--list', file]))
    .split('\n')
    .filter((line) => !/ COMMENT - EXTENSION /.test(line))
    .join('\n');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gator-restore-'));
  try {
    const list = path.join(dir, 'toc.list');
    await fs.writeFile(list, toc);
    const { dbname, env } = libpqTarget(url);
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--use-list=${list}`,
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
