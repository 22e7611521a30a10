/**
 * Pages for the operator only (the built-in mailbox, /metrics): a request made on this machine
 * is one on a loopback connection that no proxy forwarded.
 */
import type { FastifyRequest } from 'fastify';

/** Headers a proxy adds: a request carrying one came from elsewhere, whatever its socket. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);
}

export function fromThisMachine(request: FastifyRequest): boolean {
  return (
    isLoopback(request.socket.remoteAddress) &&
    !FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)
  );
}
