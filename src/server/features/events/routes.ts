import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SSE_RETRY_MS } from '#shared/live.js';
import type { SseReady } from '#shared/live-stream.js';
import { signedIn } from '#server/plugins/guards.js';
import { requireUser } from '#server/plugins/session.js';

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Server-sent events for the signed-in user, for as long as the session lasts. Missed events
   * are not replayed: a client that reconnects gets `resync` and refetches what it shows, and
   * `ready` says when the user's last event came, so a page refetches data older than that.
   */
  app.get('/api/events', signedIn(), async (request, reply) => {
    const user = requireUser(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${SSE_RETRY_MS}\n\n`);
    if (request.headers['last-event-id'] !== undefined) res.write('event: resync\ndata: {}\n\n');
    const onShiftCourier = user.is_courier === 1 && user.on_shift === 1;
    const ready: SseReady = {
      user_id: user.user_id,
      last_event_ms_ago: app.live.hub.lastEventMsAgo(user.user_id, onShiftCourier),
    };
    res.write(`event: ready\ndata: ${JSON.stringify(ready)}\n\n`);
    const remove = app.live.hub.add({
      userId: user.user_id,
      session: request.sessionTokenHash ?? '',
      expiresAt: Date.parse(request.sessionExpiresAt ?? '') || Date.now(),
      isCourier: user.is_courier === 1,
      onShift: user.on_shift === 1,
      res,
    });
    request.raw.on('close', remove);
  });
};
