/**
 * Web Push fan-out: one event (a seller accepts a delivery request: "New delivery available")
 * told to 1,000 couriers on shift, each with a device at a local push service over https that
 * checks every VAPID JWT and decrypts every payload (tests/fixtures/push-service.ts), trusted
 * by the server through NODE_EXTRA_CA_CERTS. Measured: from the accept's request to the
 * 1,000th message received, alone and under load; and the API's p99 under the load benchmark's
 * mixed traffic with and without fan-outs running (alternately: without, with, with, without).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import SQLite from 'better-sqlite3';
import { pushCertificate, type Subscription } from '#tests/fixtures/push-service.js';
import type { BenchData } from './generate-data.js';
import { TMP } from './lib/paths.js';
import { processMemoryMb } from './lib/process-memory.js';
import { startPushServiceProcess } from './lib/push-service-process.js';
import { startAppServer, type RunningServer } from './lib/server.js';
import { signIn } from './lib/sign-in.js';
import { CONNECTIONS, COURIERS, loadTraffic, prepareDeliveries } from './load.js';

export const DEVICES = 1_000;
/** Seconds of each of the four load runs. */
const RUN_SECONDS = Number(process.env.BENCH_PUSH_SECONDS ?? 10);
/** Fan-outs measured on a quiet server; the median is reported. */
const QUIET_FAN_OUTS = 3;

export interface PushBenchResult {
  devices: number;
  /** From the accept's request to the last of the 1,000 messages received, no other traffic. */
  fanOutMs: number;
  fanOutRunsMs: number[];
  /** The slowest fan-out while the mixed load ran. */
  fanOutUnderLoadMs: number;
  fanOutsUnderLoad: number;
  connections: number;
  secondsPerRun: number;
  without: LoadRun;
  with: LoadRun;
  /** p99 with fan-outs over p99 without. */
  p99Ratio: number;
  rejected: number;
  peakRssMb: number;
}

interface LoadRun {
  reqPerSec: number;
  /** Answers on open connections (see `timedOnOpenConnections`). */
  p50: number;
  p99: number;
  /** autocannon's own p99: every answer, the first on each new connection included. */
  p99AllAnswers: number;
  status5xx: number;
  errors: number;
}

/**
 * The load's requests, each timed from its start to its answer, leaving out the first request
 * on each connection. A run opens its 200 connections at once, and their first answers wait
 * behind that whole burst: every answer slower than 900 ms in this bench was one of them (1 to
 * 4 s on a busy machine, and some first requests timed out), so autocannon's p99, which counts
 * them, measured how the burst was met, once per run, more than the API under load, and varied
 * between two runs without fan-outs as much as with. Timed here, p99 is the API's on
 * connections already open, which is what a fan-out could slow down.
 */
function timedOnOpenConnections(requests: Request[], latencies: number[]): Request[] {
  // autocannon builds each connection's first request as it creates the connection, all
  // before the run starts; every later one is built as the answer before it arrives.
  let built = 0;
  type Timing = { startedAt?: number; first?: boolean };
  return requests.map((request) => ({
    ...request,
    setupRequest: (req: Request, context: Timing) => {
      context.startedAt = performance.now();
      context.first = built++ < CONNECTIONS;
      return request.setupRequest ? request.setupRequest(req, context) : req;
    },
    onResponse: (_status: number, _body: string, context: Timing) => {
      if (!context.first) latencies.push(performance.now() - context.startedAt!);
    },
  }));
}

const percentile = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN);

/** 1,000 users who are not in the load's traffic become couriers on shift with one device each. */
const deviceOwners = (data: BenchData) => data.buyerIds.slice(COURIERS, COURIERS + DEVICES);

function addDevices(file: string, data: BenchData, devices: Subscription[]): void {
  const ids = deviceOwners(data);
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  db.transaction(() => {
    const onShift = db.prepare('update users set is_courier = 1, on_shift = 1 where user_id = ?');
    const device = db.prepare(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?)`,
    );
    ids.forEach((id, i) => {
      const { endpoint, keys } = devices[i]!;
      onShift.run(id);
      device.run(id, endpoint, keys.p256dh, keys.auth, now, now);
    });
  })();
  db.close();
}

/**
 * Pending requests to accept, one per fan-out, with their sellers signed in: none of a device
 * owner's own (nobody is offered their own order), so each tells all 1,000 devices.
 */
async function acceptances(file: string, url: string, owners: number[], count: number) {
  const db = new SQLite(file, { readonly: true });
  const mine = new Set(owners);
  const rows = (
    db
      .prepare(
        `select r.delivery_request_id as id, r.vendor_id, r.buyer_id from delivery_requests r
         where r.status = 'Pending' order by r.delivery_request_id desc limit ?`,
      )
      .all(count * 2) as { id: number; vendor_id: number; buyer_id: number }[]
  )
    .filter((r) => !mine.has(r.buyer_id))
    .slice(0, count);
  db.close();
  const cookies = new Map<number, string>();
  for (const row of rows) {
    if (!cookies.has(row.vendor_id)) {
      cookies.set(row.vendor_id, await signIn(url, `bench${row.vendor_id - 1}@sfsu.edu`));
    }
  }
  return rows.map((row) => ({ id: row.id, cookie: cookies.get(row.vendor_id)! }));
}

async function loadRun(url: string, requests: Request[]): Promise<LoadRun> {
  const latencies: number[] = [];
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: RUN_SECONDS,
    requests: timedOnOpenConnections(requests, latencies),
    timeout: 10,
  });
  latencies.sort((a, b) => a - b);
  const run = {
    reqPerSec: Math.round(r.requests.average),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    p99AllAnswers: r.latency.p99,
    status5xx: r['5xx'],
    errors: r.errors,
  };
  console.log(
    `  load: ${run.reqPerSec} req/s, p99 ${run.p99} ms on open connections (${run.p99AllAnswers} ms with each connection's first), ${run.errors} errors`,
  );
  return run;
}

export async function runPush(data: BenchData): Promise<PushBenchResult> {
  const file = path.join(TMP, 'push.db');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.copyFileSync(data.file, file);
  const prepared = prepareDeliveries(file, data.buyerIds.slice(0, COURIERS));
  const cert = pushCertificate();
  const service = await startPushServiceProcess(cert.dir);
  let server: RunningServer | undefined;
  try {
    server = await startAppServer({
      databaseUrl: `sqlite:${file}`,
      dataDir: data.dataDir,
      demoData: false,
      env: { NODE_EXTRA_CA_CERTS: cert.certFile, PUSH_SERVICE_ORIGINS: service.origin },
    });
    const app = server;
    // The server has migrated the copy: its tables for devices exist now.
    addDevices(file, data, await service.devices(DEVICES));
    const accepts = await acceptances(file, app.url, deviceOwners(data), 40);
    const requests = await loadTraffic(app.url, data, prepared);

    const fanOut = async () => {
      const next = accepts.shift();
      if (!next) throw new Error('no pending request left to accept');
      const started = Date.now();
      const res = await fetch(`${app.url}/api/delivery_instruction/request/accept/${next.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: next.cookie },
        body: JSON.stringify({ pickup: 'Library', vendor_special_request: '' }),
      });
      if (res.status !== 201) throw new Error(`accept: ${res.status} ${await res.text()}`);
      const { delivery_id } = (await res.json()) as { delivery_id: number };
      await service.waitForTag(`job-${delivery_id}`, DEVICES, 60_000);
      return Date.now() - started;
    };

    const fanOutRunsMs: number[] = [];
    for (let i = 0; i < QUIET_FAN_OUTS; i++) {
      fanOutRunsMs.push(await fanOut());
      console.log(`  fan-out to ${DEVICES} devices: ${fanOutRunsMs.at(-1)} ms`);
    }

    /** The load run, with fan-outs one after another for as long as it lasts. */
    const withFanOuts = async () => {
      let running = true;
      const times: number[] = [];
      const fanning = (async () => {
        while (running) times.push(await fanOut());
      })();
      const run = await loadRun(app.url, requests);
      running = false;
      await fanning;
      return { run, times };
    };
    const without1 = await loadRun(app.url, requests);
    const with1 = await withFanOuts();
    const with2 = await withFanOuts();
    const without2 = await loadRun(app.url, requests);
    const worse = (a: LoadRun, b: LoadRun): LoadRun => ({
      reqPerSec: Math.round((a.reqPerSec + b.reqPerSec) / 2),
      p50: Math.max(a.p50, b.p50),
      p99: Math.max(a.p99, b.p99),
      p99AllAnswers: Math.max(a.p99AllAnswers, b.p99AllAnswers),
      status5xx: a.status5xx + b.status5xx,
      errors: a.errors + b.errors,
    });
    const without = worse(without1, without2);
    const withLoad = worse(with1.run, with2.run);
    const underLoad = [...with1.times, ...with2.times];
    const sorted = [...fanOutRunsMs].sort((a, b) => a - b);
    return {
      devices: DEVICES,
      fanOutMs: sorted[Math.floor(sorted.length / 2)]!,
      fanOutRunsMs,
      fanOutUnderLoadMs: Math.max(...underLoad),
      fanOutsUnderLoad: underLoad.length,
      connections: CONNECTIONS,
      secondsPerRun: RUN_SECONDS,
      without,
      with: withLoad,
      p99Ratio: Math.round((withLoad.p99 / without.p99) * 100) / 100,
      rejected: await service.rejected(),
      peakRssMb: Math.round(processMemoryMb(app.pid)?.peak ?? NaN),
    };
  } finally {
    await server?.stop();
    await service.close();
    fs.rmSync(cert.dir, { recursive: true, force: true });
  }
}
