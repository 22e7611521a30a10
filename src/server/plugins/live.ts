import type { FastifyInstance } from 'fastify';
import { memoryBus, postgresBus, type BusEvent, type EventBus } from '../live/bus.js';
import { createHub, type Hub } from '../live/hub.js';

export interface Live {
  hub: Hub;
  /** Publishes to every instance; never throws into the request that caused it. */
  publish: (event: BusEvent) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

export async function registerLive(app: FastifyInstance): Promise<void> {
  const bus: EventBus =
    app.dialect === 'postgres'
      ? await postgresBus(app.config.databaseUrl, (msg, err) => app.log.warn({ err }, msg))
      : memoryBus();
  const hub = createHub();
  const unsubscribe = bus.subscribe((event) => hub.deliver(event));
  app.decorate('live', {
    hub,
    publish: async (event: BusEvent) => {
      try {
        await bus.publish(event);
      } catch (error) {
        app.log.warn({ err: error }, 'could not publish a live event');
      }
    },
  });
  // Streams never end by themselves; end them so close() does not wait for clients.
  app.addHook('preClose', async () => hub.closeAll());
  app.addHook('onClose', async () => {
    unsubscribe();
    await bus.close();
  });
}
