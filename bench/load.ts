/**
 * Load: 60 seconds of mixed traffic (reads, searches, messages, delivery updates) at 200
 * connections against the 100,000-listing database. The promise (docs/SECURITY.md): no 5xx and
 * no socket errors, whatever the load; p99 is reported.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import SQLite from 'better-sqlite3';
import type { BenchData } from './generate-data.js';
import { TMP } from './lib/paths.js';
import { processMemoryMb } from './lib/process-memory.js';
import { signIn } from './lib/sign-in.js';
import { startAppServer } from './lib/server.js';

export const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
export const COURIERS = 40;

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  status2xx: number;
  status4xx: number;
  status5xx: number;
  socketErrors: number;
  timeouts: number;
  peakRssMb: number;
}

interface Actor {
  id: number;
  cookie: string;
}

/** Turns some buyers into couriers with deliveries under way, straight in the database file. */
export function prepareDeliveries(file: string, courierIds: number[]) {
  const db = new SQLite(file);
  const now = new Date().toISOString();
  const pending = db
    .prepare(
      `select r.delivery_request_id, r.buyer_id, r.vendor_id, r.listing_id, r.dropoff, l.product_id
       from delivery_requests r join listings l using (listing_id)
       where r.status = 'Pending' order by r.delivery_request_id limit 400`,
    )
    .all() as Record<string, number | string>[];
  const deliveries: { id: number; courier: number }[] = [];
  db.transaction(() => {
    const mark = db.prepare('update users set is_courier = 1 where user_id = ?');
    for (const id of courierIds) mark.run(id);
    const approve = db.prepare(
      "update delivery_requests set status = 'Approved' where delivery_request_id = ?",
    );
    const insert = db.prepare(
      `insert into delivery_instructions (delivery_request_id, pickup, dropoff, buyer_id, vendor_id,
         courier_id, product_id, listing_id, delivery_status, timestamp, updated_at)
       values (?, 'Library', ?, ?, ?, ?, ?, ?, 'Assigned', ?, ?)`,
    );
    pending.forEach((r, i) => {
      const courier = courierIds[i % courierIds.length]!;
      if (courier === r.buyer_id || courier === r.vendor_id) return;
      approve.run(r.delivery_request_id);
      const info = insert.run(
        r.delivery_request_id,
        r.dropoff,
        r.buyer_id,
        r.vendor_id,
        courier,
        r.product_id,
        r.listing_id,
        now,
        now,
      );
      deliveries.push({ id: Number(info.lastInsertRowid), courier });
    });
  })();
  const listings = db
    .prepare(
      "select listing_id, vendor_id from listings where listing_status = 'Active' order by listing_id desc limit 5000",
    )
    .all() as { listing_id: number; vendor_id: number }[];
  const maxListing = (
    db.prepare('select max(listing_id) as n from listings').get() as { n: number }
  ).n;
  db.close();
  return { deliveries, listings, maxListing };
}

const WORDS = [
  'lamp',
  'desk',
  'chair',
  'book',
  'hoodie',
  'calculator',
  'charger',
  'mat',
  'pen',
  'bike',
];

/**
 * The load's mixed traffic on a server started on a prepared copy: listing reads, searches,
 * featured, messages from 100 signed-in buyers and couriers' status updates (the push bench
 * runs it too).
 */
export async function loadTraffic(
  url: string,
  data: BenchData,
  { deliveries, listings, maxListing }: ReturnType<typeof prepareDeliveries>,
): Promise<Request[]> {
  const courierIds = data.buyerIds.slice(0, COURIERS);
  const couriers = new Map<number, string>();
  for (const id of courierIds) couriers.set(id, await signIn(url, `bench${id - 1}@sfsu.edu`));
  const buyers: Actor[] = [];
  for (const id of data.buyerIds.slice(-100))
    buyers.push({ id, cookie: await signIn(url, `bench${id - 1}@sfsu.edu`) });

  let n = 0;
  const pick = <T>(items: readonly T[]) => items[n++ % items.length]!;
  const json = (cookie: string) => ({ 'content-type': 'application/json', cookie });
  const requests: Request[] = [
    {
      setupRequest: (req) => {
        const r = n++ % 10;
        if (r < 3)
          return { ...req, method: 'GET', path: `/api/listing/${1 + ((n * 7919) % maxListing)}` };
        if (r < 5)
          return {
            ...req,
            method: 'GET',
            path: `/api/search?title=${pick(WORDS)}&limit=24&offset=${(n % 5) * 24}`,
          };
        if (r < 6) return { ...req, method: 'GET', path: '/api/listing/featured' };
        if (r < 8) {
          const buyer = pick(buyers);
          const listing = pick(listings);
          return {
            ...req,
            method: 'POST',
            path: '/api/direct_message',
            headers: json(buyer.cookie),
            body: JSON.stringify({
              sender_id: buyer.id,
              receiver_id: listing.vendor_id,
              listing_id: listing.listing_id,
              content: 'Still available?',
            }),
          };
        }
        const delivery = pick(deliveries);
        return {
          ...req,
          method: 'PUT',
          path: `/api/delivery_instruction/${delivery.id}`,
          headers: json(couriers.get(delivery.courier)!),
          body: JSON.stringify({
            delivery_status: 'Picked Up',
            device_time: new Date().toISOString(),
          }),
        };
      },
    },
  ];
  return requests;
}

export async function runLoad(data: BenchData): Promise<LoadResult> {
  const file = path.join(TMP, 'load.db');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.copyFileSync(data.file, file);
  const courierIds = data.buyerIds.slice(0, COURIERS);
  const prepared = prepareDeliveries(file, courierIds);

  const server = await startAppServer({
    databaseUrl: `sqlite:${file}`,
    dataDir: data.dataDir,
    demoData: false,
  });
  try {
    const requests = await loadTraffic(server.url, data, prepared);
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests,
      timeout: 10,
    });
    const peak = processMemoryMb(server.pid)?.peak ?? NaN;
    return {
      connections: CONNECTIONS,
      seconds: SECONDS,
      requests: result.requests.total,
      reqPerSec: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      status2xx: result['2xx'],
      status4xx: result['4xx'],
      status5xx: result['5xx'],
      socketErrors: result.errors - result.timeouts,
      timeouts: result.timeouts,
      peakRssMb: Math.round(peak),
    };
  } finally {
    await server.stop();
  }
}
