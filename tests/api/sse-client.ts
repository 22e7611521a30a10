/** A minimal server-sent-events reader for tests: collects events from a real HTTP stream. */
import http from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
  id?: string;
}

export interface SseConnection {
  /** The events the app sent, in order; heartbeats are counted apart (they come on a clock). */
  events: SseEvent[];
  /** How many `heartbeat` events arrived: the hub sends one to every stream every 15 s. */
  heartbeats: () => number;
  /** Every `retry:` hint the server sent, in order. */
  retries: number[];
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Resolves with the first event of `type` matching `where`, or rejects after `ms`. */
  next: (type: string, where?: (data: never) => boolean, ms?: number) => Promise<SseEvent>;
  close: () => void;
}

export function openSse(baseUrl: string, cookie?: string): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { headers: cookie ? { cookie } : {} }, (res) => {
      const events: SseEvent[] = [];
      const retries: number[] = [];
      let heartbeats = 0;
      const waiters = new Set<() => void>();
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (!line || line.startsWith(':')) continue;
            const i = line.indexOf(':');
            fields[line.slice(0, i)] = line.slice(i + 1).trimStart();
          }
          if (fields.retry !== undefined) retries.push(Number(fields.retry));
          if (fields.event === 'heartbeat') heartbeats++;
          else if (fields.event) {
            events.push({
              event: fields.event,
              data: fields.data ? JSON.parse(fields.data) : null,
              id: fields.id,
            });
            for (const w of waiters) w();
          }
        }
      });
      const conn: SseConnection = {
        events,
        heartbeats: () => heartbeats,
        retries,
        status: res.statusCode ?? 0,
        headers: res.headers,
        ended: new Promise((done) => res.on('end', done).on('close', done)),
        next: (type, where = () => true, ms = 3000) =>
          new Promise((ok, fail) => {
            const check = () => {
              const found = events.find((e) => e.event === type && where(e.data as never));
              if (found) {
                waiters.delete(check);
                clearTimeout(timer);
                ok(found);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(
                  `no ${type} event within ${ms} ms; got ${events.map((e) => e.event).join(', ')}`,
                ),
              );
            }, ms);
            waiters.add(check);
            check();
          }),
        close: () => req.destroy(),
      };
      resolve(conn);
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

/**
 * The streams a test file opens: each is handed back once the server said `ready`, and all
 * close when the file is done (`closeAll` in its afterAll).
 */
export function streamsOf(baseUrl: () => string) {
  const open: SseConnection[] = [];
  return {
    async open(cookie: string, base = baseUrl()): Promise<SseConnection> {
      const conn = await openSse(base, cookie);
      open.push(conn);
      await conn.next('ready');
      return conn;
    },
    closeAll() {
      for (const conn of open.splice(0)) conn.close();
    },
  };
}
