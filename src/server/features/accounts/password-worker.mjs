/**
 * One thread of the password pool (password-pool.ts): hashes one password at a time with
 * scrypt and answers with the key, or with why it failed. Plain JavaScript, so Node runs it as
 * it is, from the sources (tests, development) and beside the bundled server alike.
 */
import { scryptSync } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

parentPort.on('message', ({ id, password, salt, keylen, options }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, keylen, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
