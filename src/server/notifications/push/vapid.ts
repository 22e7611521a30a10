/**
 * Our VAPID identity (RFC 8292): the key pair push services know us by. From
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or made once and kept in the database, so every instance
 * signs with the same key that browsers subscribed with.
 */
import webpush from 'web-push';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/schema.js';
import { sharedKey } from '#server/lib/server-keys.js';

export interface Vapid {
  /** An uncompressed P-256 point, base64url (what `applicationServerKey` takes). */
  publicKey: string;
  privateKey: string;
  subject: string;
}

export async function loadVapid(db: Db, config: Config): Promise<Vapid> {
  const pair =
    config.vapid ??
    (JSON.parse(
      await sharedKey(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())),
    ) as { publicKey: string; privateKey: string });
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject: config.vapidSubject };
}
