import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the instance is stopping: health answers 503 so balancers send nothing new. */
    readonly draining: boolean;
    /** Starts stopping: health fails, and each answer closes its connection. */
    drain: () => void;
  }
}

/**
 * The first step of a graceful stop (main.ts). While a balancer notices the failing health
 * check, requests are still served, but every answer closes its connection: no kept-alive
 * connection is left to reach the instance once it stops listening.
 */
export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  app.decorate('draining', { getter: () => draining });
  app.decorate('drain', () => {
    draining = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
