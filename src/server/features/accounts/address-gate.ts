import { tooManyAttempts } from './throttle.js';

const BUSY_MESSAGE =
  'Too many sign-ins from your network at once. Please wait a moment and try again.';

interface Line {
  running: number;
  waiting: (() => void)[];
}

/**
 * At most `inFlight` password checks per network address at once on this instance; up to
 * `waiting` more wait their turn, in order; beyond that the answer is 429 at once. Hashing is
 * the costly part of a sign-in, so one flooding address holds at most `inFlight` of the pool's
 * workers and cannot slow anyone else's sign-in (bench: guessing).
 */
export function createAddressGate(inFlight: number, waiting: number) {
  const lines = new Map<string, Line>();

  return async function throughGate<T>(address: string, work: () => Promise<T>): Promise<T> {
    let line = lines.get(address);
    if (!line) lines.set(address, (line = { running: 0, waiting: [] }));
    if (line.running < inFlight) {
      line.running++;
    } else {
      if (line.waiting.length >= waiting) throw tooManyAttempts(1, BUSY_MESSAGE);
      // The slot of a finishing check passes straight to the next in line.
      await new Promise<void>((resolve) => line.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = line.waiting.shift();
      if (next) next();
      else if (--line.running === 0) lines.delete(address);
    }
  };
}
export type AddressGate = ReturnType<typeof createAddressGate>;
