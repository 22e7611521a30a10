/**
 * Guessing: an honest sign-in from one network address while another address floods the
 * server with 100 wrong passwords at once (docs/decisions/024-sign-in-guard.md). The built
 * server on the demo data, behind a pretend proxy (TRUST_PROXY=1, the address in
 * X-Forwarded-For). The promise: the flood holds at most two of the hashing workers, so the
 * honest sign-in waits for at most one other check (target: under 1 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { TMP } from './lib/paths.js';
import { startAppServer } from './lib/server.js';

const FLOOD = 100;
const QUIET_RUNS = 9;
const FLOODER = '198.51.100.7';
const HONEST = '203.0.113.20';

export interface GuessingResult {
  guesses: number;
  /** The flood's answers: wrong password (checked) and 429 (refused before any check). */
  flood: { checked: number; refused: number; seconds: number };
  /** The honest sign-in alone, then during the flood (ms). */
  quiet: { medianMs: number; runs: number[] };
  duringFlood: { medianMs: number; maxMs: number; runs: number[] };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function signIn(base: string, email: string, password: string, address: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: Math.round(performance.now() - started) };
}

export async function runGuessing(): Promise<GuessingResult> {
  const dataDir = path.join(TMP, 'guessing');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startAppServer({
    databaseUrl: `sqlite:${path.join(dataDir, 'guessing.db')}`,
    dataDir,
    demoData: true,
    env: { TRUST_PROXY: '1' },
  });
  try {
    const honest = () => signIn(server.url, 'maria@sfsu.edu', 'campus-demo-1', HONEST);
    // Warm: the hashing workers start on the first sign-in.
    await honest();
    const quiet: number[] = [];
    for (let i = 0; i < QUIET_RUNS; i++) quiet.push((await honest()).ms);

    const floodStarted = performance.now();
    let flooding = true;
    const flood = Promise.all(
      Array.from({ length: FLOOD }, (_, i) =>
        signIn(server.url, `guess${i}@sfsu.edu`, `wrong-${i}`, FLOODER),
      ),
    ).finally(() => {
      flooding = false;
    });
    const during: number[] = [];
    while (flooding || during.length < 3) {
      const answer = await honest();
      if (answer.status !== 200) throw new Error(`honest sign-in answered ${answer.status}`);
      during.push(answer.ms);
    }
    const answers = await flood;
    const floodSeconds = Math.round((performance.now() - floodStarted) / 100) / 10;
    return {
      guesses: FLOOD,
      flood: {
        checked: answers.filter((a) => a.status === 401).length,
        refused: answers.filter((a) => a.status === 429).length,
        seconds: floodSeconds,
      },
      quiet: { medianMs: median(quiet), runs: quiet },
      duringFlood: { medianMs: median(during), maxMs: Math.max(...during), runs: during },
    };
  } finally {
    await server.stop();
  }
}
