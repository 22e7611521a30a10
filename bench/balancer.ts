/**
 * Two instances behind HAProxy (deploy/haproxy.cfg) on one PostgreSQL database, against one
 * instance reached directly and one instance behind the same balancer: requests per second for a
 * database read, a cached search and a picture. On a 2-core machine the instances, HAProxy,
 * PostgreSQL and autocannon share the cores, so a second instance adds little; the figures say
 * what the balancer costs (docs/decisions/018-stateless-instances.md).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findHaproxy } from '../scripts/browsers.mjs';
import {
  startHaproxy,
  startInstance,
  type Balancer,
  type Instance,
} from '#tests/fixtures/instances.js';
import { databaseForRun } from '#tests/fixtures/postgres.js';
import { freePort } from '#tests/fixtures/ports.js';
import { cannon, CONNECTIONS, DURATION, mean, round, warmUp, type ScenarioResult } from './api.js';
import { TMP } from './lib/paths.js';

type Setup = 'direct' | 'oneBehind' | 'twoBehind';
const SETUPS: Setup[] = ['direct', 'oneBehind', 'twoBehind'];

export interface BalancerScenario {
  path: string;
  direct: ScenarioResult;
  oneBehind: ScenarioResult;
  twoBehind: ScenarioResult;
  /** What HAProxy costs: one instance behind it against the same instance reached directly. */
  overheadPct: number;
  /** Two instances behind HAProxy over one instance reached directly. */
  twoOverDirect: number;
}

export interface BalancerResult {
  cpus: number;
  connections: number;
  secondsPerRun: number;
  haproxy: string;
  scenarios: Record<string, BalancerScenario>;
}

export async function runBalancer(): Promise<BalancerResult> {
  const haproxy = findHaproxy();
  if (!haproxy) throw new Error('haproxy is not installed (sudo apt-get install haproxy)');
  const dir = path.join(TMP, 'balancer');
  fs.rmSync(dir, { recursive: true, force: true });
  const database = await databaseForRun();
  const running: (Instance | Balancer)[] = [];
  try {
    const [portA, portB, portOne, portTwo] = await Promise.all(
      Array.from({ length: 4 }, () => freePort()),
    );
    const env = { TRUST_PROXY: '1', SHUTDOWN_DRAIN_MS: '0' };
    const a = await startInstance({
      port: portA!,
      dataDir: path.join(dir, 'a'),
      databaseUrl: database.url,
      env: { ...env, DEMO_DATA: '1' },
    });
    running.push(a);
    const b = await startInstance({
      port: portB!,
      dataDir: path.join(dir, 'b'),
      databaseUrl: database.url,
      env,
    });
    running.push(b);
    // The same configuration twice: once with both of its servers at instance A.
    const one = await startHaproxy(portOne!, [portA!, portA!]);
    running.push(one);
    const two = await startHaproxy(portTwo!, [portA!, portB!]);
    running.push(two);
    const urls: Record<Setup, string> = { direct: a.url, oneBehind: one.url, twoBehind: two.url };

    const listing = (
      (await (await fetch(`${a.url}/api/title?title=lamp`)).json()) as {
        listing_id: number;
        thumbnail: string;
      }[]
    )[0]!;
    const paths: Record<string, string> = {
      listing: `/api/listing/${listing.listing_id}`,
      search: '/api/title?title=lamp',
      picture: listing.thumbnail.replace('.webp', '-sm.webp'),
    };

    const scenarios: Record<string, BalancerScenario> = {};
    for (const [name, p] of Object.entries(paths)) {
      for (const setup of SETUPS) await warmUp(`${urls[setup]}${p}`);
      // Alternated (direct, one, two, two, one, direct) so a machine slowing down or speeding
      // up during the runs weighs on every setup alike.
      const runs: Record<Setup, ScenarioResult[]> = { direct: [], oneBehind: [], twoBehind: [] };
      for (const setup of [...SETUPS, ...[...SETUPS].reverse()]) {
        runs[setup].push(await cannon(`${urls[setup]}${p}`));
      }
      const [direct, oneBehind, twoBehind] = SETUPS.map((s) => mean(runs[s][0]!, runs[s][1]!));
      scenarios[name] = {
        path: p,
        direct: direct!,
        oneBehind: oneBehind!,
        twoBehind: twoBehind!,
        overheadPct: round((1 - oneBehind!.reqPerSec / direct!.reqPerSec) * 100, 0),
        twoOverDirect: round(twoBehind!.reqPerSec / direct!.reqPerSec, 2),
      };
    }
    return {
      cpus: os.cpus().length,
      connections: CONNECTIONS,
      secondsPerRun: DURATION,
      haproxy,
      scenarios,
    };
  } finally {
    for (const program of running.reverse()) await program.stop();
    await database.drop();
  }
}
