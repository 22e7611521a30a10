import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * scrypt in one worker thread of its own. Each hash needs 16 MB; node's crypto.scrypt runs on
 * any of libuv's four pool threads, and glibc keeps the freed 16 MB in each thread's malloc
 * arena, so sign-ins alone left the server 65 MB larger for good (bench/api.ts, memory after
 * sign-ins). One thread hashing keeps that to one arena. Passwords are hashed one at a time,
 * which on a small server costs a burst of sign-ins little: the pool shares the same cores.
 * An idle worker stops after a while, returning its own heap.
 * The worker is plain CommonJS evaluated from a string, so it works bundled or not.
 */
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, keylen, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, keylen, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Waiting {
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

/**
 * An idle worker stops after this long, so the memory of hashing is held only through a burst
 * of sign-ins; the next sign-in starts a worker again (about 25 ms before its 50 ms of hashing).
 */
const IDLE_MS = 1_000;

interface Hasher {
  hash: (message: object) => Promise<Buffer>;
}

let current: Hasher | undefined;
let nextId = 0;

function startHasher(): Hasher {
  // It holds only a message at a time: a small heap keeps its own footprint small.
  const w = new Worker(SOURCE, {
    eval: true,
    resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
  });
  const waiting = new Map<number, Waiting>();
  let idle: NodeJS.Timeout | undefined;
  const retire = () => {
    if (current === hasher) current = undefined;
  };
  // Idle, the worker must not keep the process alive (tests, shutdown).
  w.unref();
  w.on('message', ({ id, key, error }: { id: number; key?: Uint8Array; error?: string }) => {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    if (waiting.size === 0) {
      w.unref();
      idle = setTimeout(() => {
        retire();
        void w.terminate();
      }, IDLE_MS).unref();
    }
    if (error !== undefined || !key) entry.reject(new Error(error ?? 'scrypt failed'));
    else entry.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
  });
  const gone = (error: Error) => {
    retire();
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  w.on('error', gone);
  w.on('exit', (code) => gone(new Error(`scrypt worker exited (${code})`)));
  const hasher: Hasher = {
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
  return hasher;
}

export function scryptInWorker(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  current ??= startHasher();
  return current.hash({ password, salt, keylen, options });
}
