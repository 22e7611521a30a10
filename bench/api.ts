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
import { ROOT, TMP } from './lib/paths.js';
import { startAppServer, startNodeServer, type RunningServer } from './lib/server.js';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_API_SECONDS ?? 10);
const PASSWORD = 'campus-demo-1';

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
}

export interface ApiResult {
  listings: number;
  users: number;
  connections: number;
  secondsPerScenario: number;
  scenarios: Record<string, ScenarioResult>;
  /** Title search req/s over the floor's req/s for the same bytes. */
  searchRatio: number;
  searchP99: number;
  peakRssMb: number;
  titleMatches: number;
}

/** The read scenarios: one URL each, so the floor can answer it with the same bytes. */
export const READS: Record<string, string> = {
  titleSearch: '/api/title?title=lamp&limit=24',
  combinedSearch: '/api/combined?category=Furniture&title=lamp&limit=24',
  featured: '/api/listing/featured',
  searchPage:
    '/api/search?category=Furniture&condition=Used%20-%20Good&priceSort=low-to-high&minRating=3&limit=24&offset=24',
};

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function cannon(url: string, requests?: Request[]): Promise<ScenarioResult> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests });
  return {
    path: new URL(url).pathname + new URL(url).search,
    reqPerSec: round(r.requests.average, 0),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
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
    const scenarios: Record<string, ScenarioResult> = {};
    const payloads: Record<string, string> = {};
    for (const [name, url] of Object.entries(READS)) {
      const res = await fetch(server.url + url);
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      payloads[url] = await res.text();
      scenarios[name] = {
        ...(await cannon(server.url + url)),
        responseBytes: payloads[url].length,
      };
    }

    const ids = data.buyerIds.slice(-CONNECTIONS);
    const buyers = [];
    for (const id of ids) {
      buyers.push({ id, cookie: await signIn(server.url, `bench${id - 1}@sfsu.edu`) });
    }
    scenarios.listing = await cannon(server.url + `/api/listing/${listings[0]!.listing_id}`);
    scenarios.writeMix = await cannon(server.url, writeMix(buyers, listings));
    const peakRssMb = round(processMemoryMb(server.pid)?.peak ?? NaN);
    await server.stop();
    server = undefined;

    const payloadFile = path.join(TMP, 'floor-payloads.json');
    fs.writeFileSync(payloadFile, JSON.stringify(payloads));
    floor = await startNodeServer(
      path.join(ROOT, 'bench', 'floor-server.ts'),
      { FLOOR_PAYLOADS: payloadFile },
      '/ready',
    );
    for (const [name, url] of Object.entries(READS)) {
      const f = await cannon(floor.url + url);
      const s = scenarios[name]!;
      s.floorReqPerSec = f.reqPerSec;
      s.floorP99 = f.p99;
      s.ratio = round(s.reqPerSec / f.reqPerSec, 2);
    }
    return {
      listings: data.listingCount,
      users: data.userCount,
      connections: CONNECTIONS,
      secondsPerScenario: DURATION,
      scenarios,
      searchRatio: scenarios.titleSearch!.ratio!,
      searchP99: scenarios.titleSearch!.p99,
      peakRssMb,
      titleMatches,
    };
  } finally {
    await server?.stop();
    await floor?.stop();
  }
}
