import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { clientConfig } from '#shared/schemas/config.js';
import type { Config } from './config.js';
import { ping, type Connection, type DialectName } from './db/connect.js';
import type { Db } from './db/schema.js';
import { warnFilesOpenToOthers } from './backup/access-check.js';
import { registerBackupSchedule, type BackupTiming } from './backup/schedule.js';
import { accountRoutes } from './features/accounts/routes.js';
import { deletionRoutes } from './features/accounts/deletion-routes.js';
import { exportRoutes } from './features/accounts/export-routes.js';
import { passwordRoutes } from './features/accounts/password-routes.js';
import { verificationRoutes } from './features/accounts/verification-routes.js';
import {
  createSignInGuard,
  signInLimitsFor,
  type SignInLimits,
} from './features/accounts/sign-in-guard.js';
import { deliveryRoutes } from './features/deliveries/routes.js';
import { positionRoutes } from './features/deliveries/position-routes.js';
import { deliveryRequestRoutes } from './features/deliveries/request-routes.js';
import { eventRoutes } from './features/events/routes.js';
import { listingEditRoutes } from './features/listings/edit-routes.js';
import { watchRoutes } from './features/listings/watch-routes.js';
import { listingRoutes } from './features/listings/routes.js';
import { searchEpochReader } from './features/listings/search-cache.js';
import { messageRoutes } from './features/messages/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { blockRoutes } from './features/moderation/block-routes.js';
import { moderationRoutes } from './features/moderation/moderation-routes.js';
import { reportRoutes } from './features/moderation/report-routes.js';
import { reviewRoutes } from './features/reviews/routes.js';
import { registerSalesClock, type SalesClockTiming } from './features/sales/clock.js';
import { meetingRoutes } from './features/sales/meetings-routes.js';
import { salesRoutes } from './features/sales/routes.js';
import { seoRoutes } from './features/seo/routes.js';
import { loadMapTiles, type MapTiles } from './features/tiles/map-tiles.js';
import { tileRoutes } from './features/tiles/routes.js';
import { cachedImageStore } from './images/cached-store.js';
import { databaseImageStore } from './images/database-store.js';
import type { ImageStore } from './images/image-store.js';
import { imageRoutes } from './images/routes.js';
import { registerDraining } from './plugins/draining.js';
import { registerErrorHandling, sendError, UNAVAILABLE_MESSAGE } from './plugins/errors.js';
import { registerLive } from './plugins/live.js';
import { registerMail } from './plugins/mail.js';
import { registerNotifications } from './plugins/notifications.js';
import type { NotifyTiming } from './notifications/timing.js';
import { registerMetrics } from './plugins/metrics.js';
import { mailboxRoutes } from './mail/mailbox-routes.js';
import type { MailTiming } from './mail/worker.js';
import { registerSecurity } from './plugins/security.js';
import { registerWellFormedText } from './plugins/well-formed-text.js';
import { registerCacheControl, sharedAnswer } from './plugins/cache-control.js';
import { setCampus } from '#shared/campus.js';
import { registerSession } from './plugins/session.js';
import { registerStatic } from './plugins/static.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The query builder; repositories take it as `db`. */
    db: Db;
    /** Which engine it runs on, for the few queries that differ. */
    dialect: DialectName;
    /** Where pictures are kept: shared by every instance. */
    images: ImageStore;
    /** Every API route (method and path), for documentation and the authorization tests. */
    apiRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface AppOptions {
  config: Config;
  database: Connection;
  /**
   * Guessing limits (docs/decisions/024-sign-in-guard.md): by default the product's, with the
   * config's REGISTRATIONS_PER_HOUR; tests loosen or tighten them.
   */
  throttle?: SignInLimits;
  /** false: no log; a stream: the log written there (tests read what it says). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** The map's tiles, when the caller has opened them already (main.ts, before the database). */
  mapTiles?: MapTiles;
  /** The mail queue's pace (tests retry in milliseconds, not minutes). */
  mailTiming?: Partial<MailTiming>;
  /** Where pictures are kept; by default the database's `images` table. */
  images?: ImageStore;
  /** The notification and push queues' pace (tests: milliseconds, not minutes). */
  notifyTiming?: Partial<NotifyTiming>;
  /** The backup schedule's pace (tests look every few milliseconds, not minutes). */
  backupTiming?: Partial<BackupTiming>;
  /** The sales clock's pace: lapses, meeting reminders (tests: milliseconds). */
  salesClock?: Partial<SalesClockTiming>;
  /** Addresses per sitemap file: 50,000 (the protocol's limit); tests see the split sooner. */
  sitemapUrlsPerFile?: number;
}

const STOPPING_MESSAGE = 'This instance is stopping; another one will answer.';

/** Builds the whole app from a config and an open database; tests use it with `inject`. */
export async function buildApp({
  config,
  database,
  throttle = signInLimitsFor(config),
  logger = true,
  mapTiles: opened,
  mailTiming,
  images = databaseImageStore(database.db),
  notifyTiming,
  backupTiming,
  salesClock,
  sitemapUrlsPerFile,
}: AppOptions): Promise<FastifyInstance> {
  // Every check of a spot and every campus map from here on is this campus's.
  setCampus(config.campus);
  const app = Fastify({
    logger: logger
      ? { level: config.logLevel, ...(typeof logger === 'object' && { stream: logger.stream }) }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Per-request lines only when debugging: they cost throughput and fill disks.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // Errors the router raises before any hook (a malformed %-escape in the path) keep the
    // API's error shape too.
    frameworkErrors: (_error, _request, reply) => {
      void sendError(reply as FastifyReply, 400, 'That address is not valid.', 'malformed');
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  const pictures = cachedImageStore(images);
  app.decorate('images', pictures);
  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
    }
  });

  // A missing or broken MAP_TILES archive stops the start here, with a message saying why.
  const mapTiles = opened ?? (await loadMapTiles(config, app.log));
  const archive = mapTiles.archive;
  if (archive) app.addHook('onClose', async () => archive.close());

  registerErrorHandling(app);
  registerDraining(app);
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  registerSecurity(app, mapTiles);
  registerWellFormedText(app);
  registerCacheControl(app);
  registerSession(app);
  await registerLive(app);
  await registerMetrics(app);
  registerMail(app, mailTiming);
  registerNotifications(app, notifyTiming);
  registerBackupSchedule(app, database, backupTiming);
  warnFilesOpenToOthers(config, app.log);

  // For balancers and uptime checks: healthy only while the database answers and the instance
  // is not stopping.
  app.get('/api/health', sharedAnswer, async (request, reply) => {
    if (app.draining) {
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'stopping', message: STOPPING_MESSAGE, code: 'unavailable' });
    }
    try {
      await ping(app.db);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: the database does not answer');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable', message: UNAVAILABLE_MESSAGE, code: 'unavailable' });
    }
  });
  app.get(
    '/api/config',
    { ...sharedAnswer, schema: { response: { 200: clientConfig } } },
    async () => ({
      ...mapTiles.client,
      emailVerification: config.emailVerification,
      campusTimeZone: config.campusTimeZone,
      campus: config.campus.file,
    }),
  );
  if (archive) await app.register(tileRoutes, { archive });
  // One guard for every call that checks or sets a password: one line per address.
  const guard = createSignInGuard(app, throttle);
  await app.register(accountRoutes, { guard });
  await app.register(verificationRoutes);
  await app.register(passwordRoutes, { guard });
  await app.register(deletionRoutes, { guard });
  await app.register(exportRoutes);
  const readEpoch = searchEpochReader(database);
  await app.register(listingRoutes, { readEpoch });
  // robots.txt and the sitemap, rebuilt as listings change (the same epoch as search).
  await app.register(seoRoutes, { readEpoch, urlsPerFile: sitemapUrlsPerFile });
  // The feature routes that take no options, in order.
  const plainRoutes = [
    listingEditRoutes,
    watchRoutes,
    messageRoutes,
    salesRoutes,
    meetingRoutes,
    reviewRoutes,
    reportRoutes,
    blockRoutes,
    moderationRoutes,
    deliveryRequestRoutes,
    deliveryRoutes,
    positionRoutes,
    eventRoutes,
    notificationRoutes,
    mailboxRoutes,
  ];
  for (const routes of plainRoutes) await app.register(routes);
  registerSalesClock(app, salesClock);
  await app.register(imageRoutes, { store: pictures });
  await registerStatic(app);
  return app;
}
