import type { FastifyInstance } from 'fastify';
import { savedSearchExpansion } from '../features/listings/watchers.js';
import type { BusEvent } from '../live/bus.js';
import { trackRequestPressure } from '../lib/request-pressure.js';
import { memoized, sharedKey } from '../lib/server-keys.js';
import { liveEventsOf } from '../notifications/audience.js';
import type { DomainEvent } from '../notifications/domain-events.js';
import { createPushSender } from '../notifications/push/sender.js';
import { loadVapid, type Vapid } from '../notifications/push/vapid.js';
import { createPushWorker } from '../notifications/push/worker.js';
import { recordEvent } from '../notifications/repository.js';
import { DEFAULT_NOTIFY_TIMING, type NotifyTiming } from '../notifications/timing.js';
import { newUnsubscribeSecret, UNSUBSCRIBE_KEY } from '../notifications/unsubscribe-token.js';
import { createNotificationWorker } from '../notifications/worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Tells everyone concerned of what just happened (docs/decisions/026-notifications.md): the
     * live stream at once, then, off the request's path, the notification centre, push and
     * e-mail. Call it once the change is committed, and only when something changed. Never
     * throws into the request that caused it.
     */
    notify: (event: DomainEvent) => Promise<void>;
    push: {
      /** Our VAPID keys: the environment's, or the pair kept in the database. */
      vapid: () => Promise<Vapid>;
      /** The unsubscribe links' secret, shared by every instance. */
      unsubscribeSecret: () => Promise<string>;
    };
  }
}

/** A NOTIFY payload stays under 8 kB: a large audience is told in parts. */
const AUDIENCE_PART = 500;

export function registerNotifications(
  app: FastifyInstance,
  timing: Partial<NotifyTiming> = {},
): void {
  const pace = { ...DEFAULT_NOTIFY_TIMING, ...timing };
  const vapid = memoized(() => loadVapid(app.db, app.config));
  const unsubscribeSecret = memoized(() =>
    sharedKey(app.db, UNSUBSCRIBE_KEY, newUnsubscribeSecret),
  );
  const sender = createPushSender({
    vapid,
    origins: app.config.pushServiceOrigins,
    timeoutMs: pace.pushTimeoutMs,
    maxSockets: 50,
  });
  const pushWorker = createPushWorker({
    db: app.db,
    dialect: app.dialect,
    sender,
    log: app.log.child({ component: 'push' }),
    timing: pace,
    pressure: trackRequestPressure(app),
  });
  const worker = createNotificationWorker({
    db: app.db,
    dialect: app.dialect,
    log: app.log.child({ component: 'notifications' }),
    timing: pace,
    emailVerification: app.config.emailVerification,
    links: async () => ({ publicUrl: app.config.publicUrl, secret: await unsubscribeSecret() }),
    onTold: async ({ heard, pushes, mails }) => {
      if (pushes) pushWorker.kick();
      if (mails) app.mail.kick();
      for (let i = 0; i < heard.length; i += AUDIENCE_PART) {
        const to = heard.slice(i, i + AUDIENCE_PART);
        await app.live.publish({ type: 'notification.created', data: {}, to } satisfies BusEvent);
      }
    },
    onMailed: () => app.mail.kick(),
    expansionOf: savedSearchExpansion(app.db, app.dialect),
  });

  app.decorate('notify', async (event: DomainEvent) => {
    await Promise.all(liveEventsOf(event).map((live) => app.live.publish(live)));
    try {
      await recordEvent(app.db, event);
      worker.kick();
    } catch (error) {
      app.log.warn({ err: error, type: event.type }, 'could not keep a domain event to tell');
    }
  });
  app.decorate('push', { vapid, unsubscribeSecret });
  app.addHook('onReady', async () => {
    worker.start();
    pushWorker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
    await pushWorker.stop();
    sender.close();
  });
}
