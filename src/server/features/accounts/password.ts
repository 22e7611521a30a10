import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { scryptInPool } from './password-pool.js';

const KEY_LENGTH = 64;
const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return scryptInPool(password.normalize('NFKC'), salt, KEY_LENGTH, PARAMS);
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

// Verifying against this when the account does not exist keeps the answer's timing the same.
const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + Buffer.alloc(KEY_LENGTH).toString('base64url');

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$');
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const actual = await derive(password, salt);
  return stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}
