/**
 * Query plans at full scale: every SQL statement the API sends during a tour of all its calls
 * (bench/api-tour.ts) is explained (EXPLAIN QUERY PLAN) and timed on the 100,000-listing
 * database. A statement that reads a large table without an index is reported.
 */
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { connect } from '#server/db/connect.js';
import { apiTour } from './api-tour.js';
import type { BenchData } from './generate-data.js';
import { TMP } from './lib/paths.js';

export interface PlanEntry {
  calls: string[];
  sql: string;
  plan: string[];
  /** Median milliseconds of the statement (reads only; writes run once in the tour). */
  ms: number | null;
  /** Large tables read in full (no index used to find rows). */
  fullScans: string[];
}

export interface PlansResult {
  statements: number;
  withFullScan: number;
  entries: PlanEntry[];
  failedCalls: { label: string; status: number }[];
}

/** A table of at least this many rows is large: reading it in full is a finding. */
const LARGE = 1_000;

interface Captured {
  sql: string;
  params: unknown[];
  calls: Set<string>;
}

/** Records every statement Kysely prepares on the better-sqlite3 handle, with its parameters. */
function capture(sqlite: SQLite.Database, currentCall: () => string) {
  const seen = new Map<string, Captured>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    const record = (params: unknown[]) => {
      let entry = seen.get(source);
      if (!entry) {
        entry = { sql: source, params, calls: new Set() };
        seen.set(source, entry);
      }
      entry.calls.add(currentCall());
    };
    for (const method of ['all', 'get', 'run', 'iterate'] as const) {
      const original = statement[method].bind(statement) as (...a: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        record(params);
        return original(...params);
      };
    }
    return statement;
  }) as typeof sqlite.prepare;
  return seen;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function fullScans(plan: string[], large: Set<string>): string[] {
  const found: string[] = [];
  for (const line of plan) {
    // "SCAN t" reads every row; "SCAN t USING INDEX i" reads every entry of an index.
    // Virtual tables (FTS5) report SCAN with their own index numbers and are excluded.
    const m = /^SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX \w+)?$/.exec(line);
    if (m && large.has(m[1]!)) found.push(line);
  }
  return found;
}

export async function runPlans(data: BenchData): Promise<PlansResult> {
  const file = path.join(TMP, 'plans.db');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.copyFileSync(data.file, file);
  const config = loadConfig({
    DATABASE_URL: `sqlite:${file}`,
    DATA_DIR: path.join(TMP, 'plans-data'),
    DEMO_DATA: '0',
    CLIENT_DIR: path.join(TMP, 'no-client'),
    LOG_LEVEL: 'silent',
  });
  const database = connect(config.databaseUrl);
  const sqlite = database.sqlite!;
  let current = 'startup';
  const seen = capture(sqlite, () => current);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();

  const steps = await apiTour(
    app,
    {
      seller: data.sellerIds[1]!,
      buyer: data.buyerIds[1]!,
      courier: data.sellerIds[20]!,
      other: data.buyerIds[2]!,
    },
    (label) => (current = label),
  );
  current = 'explain';

  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .all() as { name: string }[];
  const large = new Set(
    tables
      .filter(({ name }) => {
        try {
          const row = sqlite.prepare(`select count(*) as n from "${name}"`).get() as { n: number };
          return row.n >= LARGE;
        } catch {
          return false;
        }
      })
      .map((t) => t.name),
  );

  const entries: PlanEntry[] = [];
  for (const { sql, params, calls } of seen.values()) {
    if (calls.has('explain') && calls.size === 1) continue;
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(sql)) continue;
    const plan = (
      sqlite.prepare(`explain query plan ${sql}`).all(...params) as { detail: string }[]
    ).map((r) => r.detail);
    let ms: number | null = null;
    if (/^\s*(select|with)\b/i.test(sql)) {
      const statement = sqlite.prepare(sql);
      const times: number[] = [];
      for (let i = 0; i < 9; i++) {
        const t = performance.now();
        statement.all(...params);
        times.push(performance.now() - t);
      }
      ms = Math.round(median(times) * 1000) / 1000;
    }
    entries.push({ calls: [...calls], sql, plan, ms, fullScans: fullScans(plan, large) });
  }
  await app.close();
  await database.destroy();
  entries.sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0));
  return {
    statements: entries.length,
    withFullScan: entries.filter((e) => e.fullScans.length > 0).length,
    entries,
    failedCalls: steps.filter((s) => s.status >= 400),
  };
}
