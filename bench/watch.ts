/**
 * Saved searches and new listings: POST /api/listing one after another (a small picture each),
 * first with no saved searches, then with 1,000 (50 accounts keeping 20 each, none of which
 * finds anything: the flood of issue 49, which made each create take 1.7-3 s), twice each,
 * alternately. The built server on a fresh SQLite database. The promise: a create costs the same either way (the
 * notification worker matches the listing afterwards, bounded); also measured, how long after
 * the last create the worker has matched every listing.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '#shared/constants.js';
import { connect, type Connection } from '#server/db/connect.js';
import { createUser, DEFAULT_PASSWORD } from '#server/db/factories.js';
import { migrateToLatest } from '#server/db/migrate.js';
import { canonicalQuery } from '#server/features/listings/saved-searches-repository.js';
import { TMP } from './lib/paths.js';
import { startAppServer } from './lib/server.js';
import { signIn } from './lib/sign-in.js';

const OWNERS = 50;
const CREATES = Number(process.env.BENCH_WATCH_CREATES ?? 200);
const ROUNDS = 2;
const WARM_UP = 20;
const CATEGORIES = ['Furniture', 'Books', 'Electronics', 'Other'] as const;

interface Latency {
  /** Creates measured, after a warm-up of 20 each round. */
  creates: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** From a round's last create's answer to its last event told (the slowest round). */
  workerDoneMs: number;
}

export interface WatchResult {
  none: Latency;
  savedSearches: number;
  withSearches: Latency;
  /** With the searches over without. */
  p50Ratio: number;
  p99Ratio: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

async function queueEmpty(database: Connection): Promise<void> {
  for (;;) {
    const row = await database.db
      .selectFrom('notification_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return;
    await new Promise((r) => setTimeout(r, 5));
  }
}

export async function runWatch(): Promise<WatchResult> {
  const dir = path.join(TMP, 'watch');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseUrl = `sqlite:${path.join(dir, 'watch.db')}`;
  const database = connect(databaseUrl);
  await migrateToLatest(database);
  const seller = await createUser(database.db, { username: 'bench_seller' });
  const owners: number[] = [];
  for (let i = 0; i < OWNERS; i++) owners.push((await createUser(database.db)).user_id);

  const server = await startAppServer({ databaseUrl, dataDir: dir, demoData: false });
  try {
    const cookie = await signIn(server.url, seller.sfsu_email, DEFAULT_PASSWORD);
    const picture = (
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
        .png()
        .toBuffer()
    ).toString('base64');
    let n = 0;
    const create = async () => {
      n++;
      const started = performance.now();
      const res = await fetch(`${server.url}/api/listing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          thumbnail: picture,
          mimetype: 'image/png',
          title: `Desk lamp ${n}`,
          price: 12.5,
          description: 'Bright and adjustable.',
          category: CATEGORIES[n % CATEGORIES.length],
          conditions: 'Used - Good',
          vendor_id: seller.user_id,
        }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`POST /api/listing answered ${res.status}`);
      return performance.now() - started;
    };
    /** `rounds` runs of CREATES creates each, after a warm-up; percentiles over all of them. */
    const measure = async (times: number[], workerDone: number[]) => {
      for (let i = 0; i < WARM_UP; i++) await create();
      await queueEmpty(database);
      for (let i = 0; i < CREATES; i++) times.push(await create());
      const last = performance.now();
      await queueEmpty(database);
      workerDone.push(performance.now() - last);
    };
    const summary = (times: number[], workerDone: number[]): Latency => {
      const sorted = [...times].sort((a, b) => a - b);
      return {
        creates: times.length,
        p50Ms: round(percentile(sorted, 50)),
        p99Ms: round(percentile(sorted, 99)),
        maxMs: round(sorted.at(-1)!),
        workerDoneMs: round(Math.max(...workerDone)),
      };
    };
    // The flood: every account keeps as many searches as it may, none of which finds anything.
    const keepSearches = async () => {
      for (const [o, user_id] of owners.entries()) {
        await database.db
          .insertInto('saved_searches')
          .values(
            Array.from({ length: LIMITS.savedSearches }, (_, i) => {
              const query = {
                title: `zq${o}x${i} unfindable`,
                ...(i % 2 === 0 && { category: CATEGORIES[i % CATEGORIES.length] }),
              };
              return {
                user_id,
                query: canonicalQuery(query),
                category: query.category ?? null,
                created_at: new Date().toISOString(),
              };
            }),
          )
          .execute();
      }
    };
    // Alternately without and with the searches, so a busy moment of the machine falls on both.
    const without = { times: [] as number[], done: [] as number[] };
    const withSearches = { times: [] as number[], done: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      await measure(without.times, without.done);
      await keepSearches();
      await measure(withSearches.times, withSearches.done);
      await database.db.deleteFrom('saved_searches').execute();
    }
    const none = summary(without.times, without.done);
    const flooded = summary(withSearches.times, withSearches.done);
    return {
      none,
      savedSearches: OWNERS * LIMITS.savedSearches,
      withSearches: flooded,
      p50Ratio: Math.round((flooded.p50Ms / none.p50Ms) * 100) / 100,
      p99Ratio: Math.round((flooded.p99Ms / none.p99Ms) * 100) / 100,
    };
  } finally {
    await server.stop();
    await database.destroy();
  }
}
