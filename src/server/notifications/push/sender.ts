/**
 * Sends one push message to one device through its push service (RFC 8030), with npm
 * `web-push`: the payload encrypted for the device's keys (aes128gcm, RFC 8291), signed with our
 * VAPID key (RFC 8292: aud = the push service's origin, exp 12 h ahead), TTL, Urgency and Topic.
 * Only to services on PUSH_SERVICE_ORIGINS, and a redirect is an answer, never followed.
 */
import https from 'node:https';
import webpush from 'web-push';
import type { PushUrgency } from '#shared/notification-kinds.js';
import { describeError } from '#server/lib/queue.js';
import { allowedPushEndpoint } from './endpoint-guard.js';
import type { Vapid } from './vapid.js';

export type PushResult =
  | { outcome: 'sent' }
  /** 404 or 410: the browser dropped the subscription; forget the device. */
  | { outcome: 'gone'; status: number }
  /** 429, 5xx, no answer: try again later (Retry-After when the service gave one). */
  | { outcome: 'retry'; reason: string; retryAfterMs?: number }
  /** Anything else (a redirect, a refusal of this message, an endpoint no longer allowed). */
  | { outcome: 'refused'; reason: string };

export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  ttl: number;
  urgency: PushUrgency;
  topic: string | null;
}

export interface PushSender {
  send(device: PushDevice, payload: string, options: PushOptions): Promise<PushResult>;
  close(): void;
}

/** A VAPID JWT lasts 12 hours (at most 24, RFC 8292); a fresh one after 11. */
const JWT_SECONDS = 12 * 60 * 60;
const JWT_REUSE_MS = 11 * 60 * 60 * 1000;

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
export function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export function createPushSender(options: {
  vapid: () => Promise<Vapid>;
  origins: readonly string[];
  timeoutMs: number;
  /** Connections kept open to one push service: a fan-out to 1,000 devices reuses them. */
  maxSockets: number;
}): PushSender {
  const agent = new https.Agent({ keepAlive: true, maxSockets: options.maxSockets });
  // Signing is the costly part of a send, and one JWT serves every device of a service.
  const jwts = new Map<string, { header: string; until: number }>();
  const authorization = (vapid: Vapid, audience: string) => {
    const cached = jwts.get(audience);
    if (cached && cached.until > Date.now()) return cached.header;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) + JWT_SECONDS,
    ) as { Authorization: string };
    jwts.set(audience, { header: Authorization, until: Date.now() + JWT_REUSE_MS });
    return Authorization;
  };

  return {
    async send(device, payload, { ttl, urgency, topic }) {
      if (!allowedPushEndpoint(device.endpoint, options.origins)) {
        return { outcome: 'refused', reason: 'the endpoint is not on PUSH_SERVICE_ORIGINS' };
      }
      const vapid = await options.vapid();
      const audience = new URL(device.endpoint).origin;
      try {
        await webpush.sendNotification(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          payload,
          {
            TTL: ttl,
            urgency,
            ...(topic && { topic }),
            contentEncoding: 'aes128gcm',
            headers: { Authorization: authorization(vapid, audience) },
            agent,
            timeout: options.timeoutMs,
          },
        );
        return { outcome: 'sent' };
      } catch (error) {
        if (!(error instanceof webpush.WebPushError)) {
          // No answer: refused connection, reset, timeout.
          return { outcome: 'retry', reason: describeError(error) };
        }
        const status = error.statusCode;
        const reason = `push service answered ${status}`;
        if (status === 404 || status === 410) return { outcome: 'gone', status };
        if (status === 429 || status >= 500) {
          return {
            outcome: 'retry',
            reason,
            retryAfterMs: retryAfterMs(error.headers['retry-after']),
          };
        }
        return { outcome: 'refused', reason };
      }
    },
    close: () => agent.destroy(),
  };
}
