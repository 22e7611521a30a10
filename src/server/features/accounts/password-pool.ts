import { availableParallelism } from 'node:os';
import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * scrypt on a pool of worker threads of our own, one per core (3 to 8). Each hash needs
 * 16 MB; node's crypto.scrypt runs on libuv's four pool threads, where glibc keeps the freed
 * 16 MB in each thread's malloc arena for good (bench/api.ts, memory after sign-ins), and where
 * it queues behind file and DNS work. Our workers hash one password at a time each, so a burst
 * holds at most one arena per worker, and an idle worker stops after a while, returning its heap.
 * One worker was too few: a flood of wrong sign-ins queued every honest one behind it (8.7 s);
 * the sign-in guard also lets one address use at most two workers at once (address-gate.ts).
 * Each worker runs password-worker.mjs.
 */
const WORKER = new URL('./password-worker.mjs', import.meta.url);

/**
 * Workers on this machine: one per core, so hashing never waits while a core is free, and at
 * least one more than one address may use at once (two, address-gate.ts): on a 2-core server a
 * flooding address would otherwise hold every worker, and an honest sign-in would queue behind
 * its hashes instead of sharing the cores with them. At most 8 (16 MB each while hashing).
 */
export const POOL_SIZE = Math.min(8, Math.max(availableParallelism(), 3));

/**
 * An idle worker stops after this long, so the memory of hashing is held only through a burst
 * of sign-ins; the next sign-in starts a worker again (about 25 ms before its 50 ms of hashing).
 */
const IDLE_MS = 1_000;

interface Waiting {
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Hasher {
  hash: (message: object) => Promise<Buffer>;
  /** Hashes sent to it and not yet answered. */
  pending: () => number;
}

const hashers = new Set<Hasher>();
let nextId = 0;

function startHasher(): Hasher {
  // It holds only a message at a time: a small heap keeps its own footprint small.
  const w = new Worker(WORKER, {
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
  });
  const waiting = new Map<number, Waiting>();
  let idle: NodeJS.Timeout | undefined;
  // Idle, the worker must not keep the process alive (tests, shutdown).
  w.unref();
  w.on('message', ({ id, key, error }: { id: number; key?: Uint8Array; error?: string }) => {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    if (waiting.size === 0) {
      w.unref();
      idle = setTimeout(() => {
        hashers.delete(hasher);
        void w.terminate();
      }, IDLE_MS).unref();
    }
    if (error !== undefined || !key) entry.reject(new Error(error ?? 'scrypt failed'));
    else entry.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
  });
  const gone = (error: Error) => {
    hashers.delete(hasher);
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  w.on('error', gone);
  w.on('exit', (code) => gone(new Error(`scrypt worker exited (${code})`)));
  const hasher: Hasher = {
    pending: () => waiting.size,
    hash: (message) =>
      new Promise((resolve, reject) => {
        clearTimeout(idle);
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        // While a hash is pending the worker keeps the process alive, as the pool thread did.
        w.ref();
        w.postMessage({ id, ...message });
      }),
  };
  hashers.add(hasher);
  return hasher;
}

/** The least busy worker; a new one while the pool is not full and every worker is busy. */
function pick(): Hasher {
  let best: Hasher | undefined;
  for (const h of hashers) if (!best || h.pending() < best.pending()) best = h;
  if (best && (best.pending() === 0 || hashers.size >= POOL_SIZE)) return best;
  return startHasher();
}

export function scryptInPool(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return pick().hash({ password, salt, keylen, options });
}
