/**
 * API at scale: the real built server on the 100,000-listing database, driven by autocannon
 * (50 connections) per scenario, against a bare Fastify floor serving the same bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import SQLite from 'better-sqlite3';
import type { BenchData } from './generate-data.js';
import { processMemoryMb } from './lib/process-memory.js';
import { signIn } from './lib/sign-in.js';
import { ROOT, TMP } from './lib/paths.js';
import { startAppServer, startNodeServer, type RunningServer } from './lib/server.js';

export const CONNECTIONS = 50;
/** Seconds per run; each read scenario runs twice against the app and twice against the floor. */
export const DURATION = Number(process.env.BENCH_API_SECONDS ?? 5);
export const WARM_UP_SECONDS = 2;

export interface ScenarioResult {
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  responseBytes?: number;
  floorReqPerSec?: number;
  floorP99?: number;
  ratio?: number;
  /** The server's resident memory after the scenario. */
  rssAfterMb?: number;
}

export interface ApiResult {
  listings: number;
  users: number;
  connections: number;
  /** Seconds of one autocannon run. */
  secondsPerRun: number;
  /** Seconds of the unmeasured run before each read scenario (app and floor) and the listing. */
  warmUpSeconds: number;
  scenarios: Record<string, ScenarioResult>;
  /** Title search req/s over the floor's req/s for the same bytes. */
  searchRatio: number;
  searchP99: number;
  peakRssMb: number;
  /** Resident memory when the server had started, and after the 50 sign-ins. */
  memory: { startMb: number; afterSignInsMb: number };
  titleMatches: number;
}

/** The read scenarios: one URL each, so the floor can answer it with the same bytes. */
export const READS: Record<string, string> = {
  titleSearch: '/api/title?title=lamp&limit=24',
  typoSearch: '/api/search?title=calculas&limit=24',
  pluralSearch: '/api/search?title=lamps&limit=24',
  combinedSearch: '/api/combined?category=Furniture&title=lamp&limit=24',
  featured: '/api/listing/featured',
  searchPage:
    '/api/search?category=Furniture&condition=Used%20-%20Good&priceSort=low-to-high&minRating=3&limit=24&offset=24',
};

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Two runs of one scenario as one: mean req/s, the worse latencies, summed errors. */
export const mean = (a: ScenarioResult, b: ScenarioResult): ScenarioResult => ({
  path: a.path,
  reqPerSec: round((a.reqPerSec + b.reqPerSec) / 2, 0),
  p50: Math.max(a.p50, b.p50),
  p99: Math.max(a.p99, b.p99),
  non2xx: a.non2xx + b.non2xx,
  errors: a.errors + b.errors,
});

/** One autocannon run; `scale` stretches it (single runs last as long as an alternated pair). */
export async function cannon(
  url: string,
  requests?: Request[],
  scale = 1,
): Promise<ScenarioResult> {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION * scale,
    requests,
  });
  console.log(
    `  ${new URL(url).port} ${new URL(url).pathname}: ${round(r.requests.average, 0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
  );
  return {
    path: new URL(url).pathname + new URL(url).search,
    reqPerSec: round(r.requests.average, 0),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/**
 * An unmeasured run first, so the measured ones see the route's code compiled by the JIT, as a
 * server that has been up for a while does; without it the app's first run carried its
 * compile time (p99 12 ms against 5-6 ms in its second run).
 */
export async function warmUp(url: string): Promise<void> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
}

/** Messages and delivery requests from signed-in buyers, each a new (buyer, listing) pair. */
function writeMix(
  buyers: { id: number; cookie: string }[],
  listings: { listing_id: number; vendor_id: number }[],
): Request[] {
  let n = 0;
  const next = () => {
    const i = n++;
    return { buyer: buyers[i % buyers.length]!, listing: listings[i % listings.length]! };
  };
  const json = (cookie: string) => ({ 'content-type': 'application/json', cookie });
  return [
    {
      method: 'POST',
      path: '/api/direct_message',
      setupRequest: (req) => {
        const { buyer, listing } = next();
        return {
          ...req,
          headers: json(buyer.cookie),
          body: JSON.stringify({
            sender_id: buyer.id,
            receiver_id: listing.vendor_id,
            listing_id: listing.listing_id,
            content: 'Hi! Is this still available?',
          }),
        };
      },
    },
    {
      method: 'POST',
      path: '/api/delivery_request',
      setupRequest: (req) => {
        const { buyer, listing } = next();
        return {
          ...req,
          headers: json(buyer.cookie),
          body: JSON.stringify({
            buyer_id: buyer.id,
            vendor_id: listing.vendor_id,
            listing_id: listing.listing_id,
            dropoff: 'Library',
            buyer_special_request: '',
          }),
        };
      },
    },
  ];
}

export async function runApi(data: BenchData): Promise<ApiResult> {
  const file = path.join(TMP, 'api.db');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.copyFileSync(data.file, file);

  // Listings for the write mix that no generated request used (newest ids), and a count of
  // what the title search matches, read straight from the file before the server opens it.
  const direct = new SQLite(file, { readonly: true });
  const listings = direct
    .prepare(
      "select listing_id, vendor_id from listings where listing_status = 'Active' order by listing_id desc limit 20000",
    )
    .all() as { listing_id: number; vendor_id: number }[];
  const titleMatches = (
    direct
      .prepare(
        "select count(*) as n from listings join products using (product_id) where listing_status = 'Active' and title like '%lamp%'",
      )
      .get() as { n: number }
  ).n;
  direct.close();

  let server: RunningServer | undefined;
  let floor: RunningServer | undefined;
  try {
    server = await startAppServer({
      databaseUrl: `sqlite:${file}`,
      dataDir: data.dataDir,
      demoData: false,
    });
    const app = server;
    const payloads: Record<string, string> = {};
    for (const url of Object.values(READS)) {
      const res = await fetch(app.url + url);
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      payloads[url] = await res.text();
    }
    const payloadFile = path.join(TMP, 'floor-payloads.json');
    fs.writeFileSync(payloadFile, JSON.stringify(payloads));
    floor = await startNodeServer(
      path.join(ROOT, 'bench', 'floor-server.ts'),
      { FLOOR_PAYLOADS: payloadFile },
      '/ready',
    );
    const bare = floor;
    const rss = () => round(processMemoryMb(app.pid)?.current ?? NaN);
    const memory = { startMb: rss(), afterSignInsMb: NaN };

    // Sign-ins first: each scrypt hash takes 16 MB, which the C allocator tends to keep.
    const buyers = [];
    for (const id of data.buyerIds.slice(-CONNECTIONS)) {
      buyers.push({ id, cookie: await signIn(app.url, `bench${id - 1}@sfsu.edu`) });
    }
    memory.afterSignInsMb = rss();

    // App and floor alternate (app, floor, floor, app) so drifting machine load hits both alike.
    const scenarios: Record<string, ScenarioResult> = {};
    for (const [name, url] of Object.entries(READS)) {
      await warmUp(app.url + url);
      await warmUp(bare.url + url);
      const a1 = await cannon(app.url + url);
      const f1 = await cannon(bare.url + url);
      const f2 = await cannon(bare.url + url);
      const a2 = await cannon(app.url + url);
      const s = mean(a1, a2);
      const f = mean(f1, f2);
      scenarios[name] = {
        ...s,
        responseBytes: Buffer.byteLength(payloads[url]!),
        floorReqPerSec: f.reqPerSec,
        floorP99: f.p99,
        ratio: round(s.reqPerSec / f.reqPerSec, 2),
        rssAfterMb: rss(),
      };
    }

    const listingUrl = app.url + `/api/listing/${listings[0]!.listing_id}`;
    await warmUp(listingUrl);
    scenarios.listing = {
      ...(await cannon(listingUrl, undefined, 2)),
      rssAfterMb: rss(),
    };
    scenarios.writeMix = {
      ...(await cannon(app.url, writeMix(buyers, listings), 2)),
      rssAfterMb: rss(),
    };
    const peakRssMb = round(processMemoryMb(app.pid)?.peak ?? NaN);
    return {
      listings: data.listingCount,
      users: data.userCount,
      connections: CONNECTIONS,
      secondsPerRun: DURATION,
      warmUpSeconds: WARM_UP_SECONDS,
      scenarios,
      searchRatio: scenarios.titleSearch!.ratio!,
      searchP99: scenarios.titleSearch!.p99,
      peakRssMb,
      memory,
      titleMatches,
    };
  } finally {
    await server?.stop();
    await floor?.stop();
  }
}
