import type { FastifyInstance } from 'fastify';
import { createMetrics, type Metrics } from '../metrics/registry.js';
import { metricsRoutes } from '../metrics/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Unmatched requests share one label: a route label never holds a raw URL. */
const UNMATCHED = 'unmatched';

/**
 * Counts every answer by its route's template (`/api/listing/:id`), never the URL it was asked
 * at, so the series stay few whatever clients send.
 */
export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const metrics = createMetrics({
    db: app.db,
    streams: () => app.live.hub.size,
    log: app.log.child({ component: 'metrics' }),
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    metrics.httpDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429) metrics.rateLimited.inc({ route });
    done();
  });
  await app.register(metricsRoutes);
}
