/**
 * Before the API test processes start: a certificate for the local push service
 * (tests/fixtures/push-service.ts), trusted by the app the production way. Node reads
 * NODE_EXTRA_CA_CERTS only when a process starts, so it is set here, in the process that starts
 * the test processes, and they inherit it.
 */
import fs from 'node:fs';
import { CERT_DIR_ENV, pushCertificate } from '../fixtures/push-service.js';

export default function setup(): () => void {
  const { dir, certFile } = pushCertificate();
  process.env[CERT_DIR_ENV] = dir;
  process.env.NODE_EXTRA_CA_CERTS = certFile;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
