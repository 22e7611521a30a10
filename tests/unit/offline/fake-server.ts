/**
 * A stand-in for the delivery API's status rules (the real ones are covered by tests/api), used
 * as the `fetch` of the outbox in unit tests: it applies the same state machine, answers a
 * repeat with 200 and records each applied change with its device time.
 */
import { checkDeliveryTransition, type DeliveryStatus } from '#shared/delivery.js';

interface Delivery {
  delivery_id: number;
  delivery_status: DeliveryStatus;
  courier_id: number | null;
}

export interface AppliedEvent {
  deliveryId: number;
  status: DeliveryStatus;
  deviceAt: string | null;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function fakeServer(initial: Delivery[], signedIn: number | null = 7) {
  const deliveries = new Map(initial.map((d) => [d.delivery_id, { ...d }]));
  const server = {
    user: signedIn,
    /** 'down': every request fails like a dropped network; a number: every PUT gets it. */
    failure: null as null | 'down' | 'hang' | number,
    /** The Idempotency-Key of every PUT, in order (null when it had none). */
    keys: [] as (string | null)[],
    events: [] as AppliedEvent[],
    puts: [] as { deliveryId: number; status: DeliveryStatus }[],
    deliveries,
    fetch: async (input: string, init: RequestInit = {}): Promise<Response> => {
      await Promise.resolve();
      if (server.failure === 'down') throw new TypeError('Failed to fetch');
      const method = init.method ?? 'GET';
      if (server.failure === 'hang' && method === 'PUT') {
        // A network that takes the request and never answers: only the deadline ends it.
        return new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        );
      }
      if (server.user === null) return json(401, { message: 'Please sign in.' });
      if (input === '/api/me') return json(200, { user: { user_id: server.user }, expiresAt: '' });
      const match = /^\/api\/delivery_instruction\/(\d+)$/.exec(input);
      if (!match) return json(404, { message: 'No such resource' });
      const found = deliveries.get(Number(match[1]));
      if (!found) return json(404, { message: 'No such delivery.' });
      if (method === 'GET') return json(200, found);
      const body = JSON.parse(String(init.body)) as {
        delivery_status: DeliveryStatus;
        device_time?: string;
      };
      server.puts.push({ deliveryId: found.delivery_id, status: body.delivery_status });
      server.keys.push(new Headers(init.headers).get('idempotency-key'));
      if (typeof server.failure === 'number')
        return json(server.failure, { message: 'Server trouble' });
      if (found.courier_id !== server.user)
        return json(403, { message: 'This delivery is not yours.' });
      const check = checkDeliveryTransition(found.delivery_status, body.delivery_status);
      if (check === 'illegal') return json(409, { message: 'Illegal move' });
      if (check === 'ok') {
        found.delivery_status = body.delivery_status;
        if (body.delivery_status === 'Unassigned') found.courier_id = null;
        server.events.push({
          deliveryId: found.delivery_id,
          status: body.delivery_status,
          deviceAt: body.device_time ?? null,
        });
      }
      return json(200, found);
    },
  };
  return server;
}
