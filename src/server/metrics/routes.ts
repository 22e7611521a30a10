/**
 * GET /metrics: only this machine may read it, unless METRICS_TOKEN is set; then exactly the
 * requests that carry `Authorization: Bearer <token>`, from anywhere (and 401 to any other,
 * this machine's included).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fromThisMachine } from '#server/lib/this-machine.js';
import { sendError } from '#server/plugins/errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

function carriesToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  // Compared as digests: the same length whatever was sent, in constant time.
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const token = app.config.metricsToken;
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (token !== null) {
      if (!carriesToken(request, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        return sendError(
          reply,
          401,
          'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.',
        );
      }
    } else if (!fromThisMachine(request)) {
      return sendError(
        reply,
        403,
        'Metrics are served to this machine only. Set METRICS_TOKEN to read them from elsewhere.',
      );
    }
    return reply.type(app.metrics.contentType).send(await app.metrics.render());
  });
}
