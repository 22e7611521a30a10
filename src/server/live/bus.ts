/**
 * Fan-out of live events between instances. One instance: in process. PostgreSQL: LISTEN/NOTIFY,
 * so an event raised on any instance reaches users connected to any other.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { LiveEventType } from '#shared/live.js';

/**
 * `session.ended`: sessions of `to` ended, and with them their event streams. Every session
 * (a reset, a suspension), `session` alone (a sign-out), or all but `except` (a password change
 * keeps the changer's own). Session ids are the token hashes the database keeps.
 */
export interface SessionsEnded {
  session?: string;
  except?: string | null;
}

export interface BusEvent {
  type: LiveEventType | 'user.updated' | 'session.ended';
  data: unknown;
  /** Users who may read the data through the API. */
  to: number[];
  /** Also every courier currently on shift (changes to the Unassigned pool). */
  couriersOnShift?: boolean;
}

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'campus_events';
/** NOTIFY payloads must stay under 8000 bytes; larger events travel without their data. */
const MAX_NOTIFY_BYTES = 7900;

export function memoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Encodes an event for NOTIFY; an oversized one keeps only its id so clients refetch. */
export function encodeForNotify(event: BusEvent): string {
  const full = JSON.stringify(event);
  if (Buffer.byteLength(full) <= MAX_NOTIFY_BYTES) return full;
  const data = event.data as { message_id?: number; delivery_id?: number } | null;
  return JSON.stringify({
    ...event,
    data: { message_id: data?.message_id, delivery_id: data?.delivery_id, truncated: true },
  });
}

export async function postgresBus(
  connectionString: string,
  log: (msg: string, err?: unknown) => void,
): Promise<EventBus> {
  const local = memoryBus();
  let closed = false;
  let listener: pg.Client | null = null;
  const publisher = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: 5_000 });
  // An idle connection closed by the server would otherwise crash the process (see connect.ts).
  publisher.on('error', (error) => log('live event publisher lost an idle connection', error));

  // While the database is away, try again with growing pauses (1 s up to 30 s) until it is
  // back: events published meanwhile are lost, and clients resync when their stream reopens.
  let retryMs = 1000;
  const reconnect = () => {
    if (closed) return;
    setTimeout(() => {
      listen().then(
        () => {
          retryMs = 1000;
        },
        (error: unknown) => {
          log('live event listener could not reconnect; trying again', error);
          retryMs = Math.min(retryMs * 2, 30_000);
          reconnect();
        },
      );
    }, retryMs).unref();
  };

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        void local.publish(JSON.parse(msg.payload) as BusEvent);
      } catch (error) {
        log('bad live event payload', error);
      }
    });
    let failed = false;
    client.on('error', (error) => {
      if (failed) return;
      failed = true;
      log('live event listener lost its connection; reconnecting', error);
      if (listener === client) listener = null;
      void client.end().catch(() => undefined);
      reconnect();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      failed = true;
      void client.end().catch(() => undefined);
      throw error;
    }
    listener = client;
  };
  await listen();

  return {
    async publish(event) {
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, encodeForNotify(event)]);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await publisher.end();
      await local.close();
    },
  };
}
