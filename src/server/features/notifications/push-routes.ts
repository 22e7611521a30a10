import { createECDH } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pushPublicKey,
  pushSubscriptionBody,
  pushSubscriptionSaved,
  pushUnsubscribeBody,
} from '#shared/schemas/notifications.js';
import { badRequest } from '#server/lib/http-error.js';
import { allowedPushEndpoint } from '#server/notifications/push/endpoint-guard.js';
import { sharedAnswer } from '#server/plugins/cache-control.js';
import { asCaller, signedIn } from '#server/plugins/guards.js';
import { deleteSubscription, saveSubscription } from './repository.js';

/** Is this a point on P-256 (a key a push message can be encrypted for)? */
function onCurve(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** Web Push: our public key, and the devices of the signed-in person. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same for everyone, so a browser may keep it a while.
  app.get(
    '/api/push/public-key',
    { ...sharedAnswer, schema: { response: { 200: pushPublicKey } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { publicKey: (await app.push.vapid()).publicKey };
    },
  );

  app.post(
    '/api/push-subscriptions',
    {
      ...signedIn(),
      schema: {
        body: pushSubscriptionBody,
        response: { 200: pushSubscriptionSaved, 201: pushSubscriptionSaved },
      },
    },
    asCaller(async (user, request, reply) => {
      const { endpoint, keys } = request.body;
      // No request ever goes to an address a client made up (SSRF).
      if (!allowedPushEndpoint(endpoint, app.config.pushServiceOrigins)) {
        throw badRequest('endpoint is not a push service this server sends to.');
      }
      if (!onCurve(keys.p256dh)) throw badRequest('keys.p256dh is not a P-256 public key.');
      const created = await saveSubscription(
        app.db,
        { user_id: user.user_id, endpoint, p256dh: keys.p256dh, auth: keys.auth },
        request.sessionTokenHash,
      );
      return reply.code(created ? 201 : 200).send({ endpoint, created });
    }),
  );

  app.delete(
    '/api/push-subscriptions',
    {
      ...signedIn(),
      schema: { body: pushUnsubscribeBody, response: { 200: z.object({ removed: z.boolean() }) } },
    },
    asCaller(async (user, request) => {
      return { removed: await deleteSubscription(app.db, user.user_id, request.body.endpoint) };
    }),
  );
};
