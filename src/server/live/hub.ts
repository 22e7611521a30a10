/**
 * The open event streams of this instance, by user. Routes each bus event only to users who
 * may read its data through the API.
 */
import type { ServerResponse } from 'node:http';
import { SSE_HEARTBEAT_MS, SSE_RETRY_MS } from '#shared/live.js';
import type { BusEvent } from './bus.js';

interface Stream {
  userId: number;
  isCourier: boolean;
  onShift: boolean;
  res: ServerResponse;
}

export function createHub() {
  const byUser = new Map<number, Set<Stream>>();
  let nextId = 1;
  let count = 0;

  const write = (stream: Stream, chunk: string) => {
    if (!stream.res.writableEnded) stream.res.write(chunk);
  };

  const heartbeat = setInterval(() => {
    for (const streams of byUser.values()) for (const s of streams) write(s, ': ping\n\n');
  }, SSE_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    get size() {
      return count;
    },
    add(stream: Stream): () => void {
      let set = byUser.get(stream.userId);
      if (!set) byUser.set(stream.userId, (set = new Set()));
      set.add(stream);
      count++;
      return () => {
        if (set.delete(stream)) count--;
        if (set.size === 0) byUser.delete(stream.userId);
      };
    },
    deliver(event: BusEvent) {
      if (event.type === 'user.signed_out') {
        // A stream outlives no session: the client reconnects, is refused and signs out.
        for (const userId of event.to) {
          for (const s of byUser.get(userId) ?? []) if (!s.res.writableEnded) s.res.end();
        }
        return;
      }
      if (event.type === 'user.updated') {
        // Keep the shift flag of this user's streams current; not forwarded as an event.
        const data = event.data as { is_courier?: number; on_shift?: number };
        for (const userId of event.to) {
          for (const s of byUser.get(userId) ?? []) {
            s.isCourier = data.is_courier === 1;
            s.onShift = data.on_shift === 1;
          }
        }
        return;
      }
      const chunk = `id: ${nextId++}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
      const sent = new Set<Stream>();
      for (const userId of event.to) {
        for (const s of byUser.get(userId) ?? []) {
          sent.add(s);
          write(s, chunk);
        }
      }
      if (event.couriersOnShift) {
        for (const streams of byUser.values()) {
          for (const s of streams) if (s.isCourier && s.onShift && !sent.has(s)) write(s, chunk);
        }
      }
    },
    /**
     * Ends every stream (shutdown) with a hint to reconnect soon, each after its own pause
     * (1 to 3 s) so the clients of a stopping instance do not all arrive at another one at once.
     */
    closeAll(random = Math.random) {
      clearInterval(heartbeat);
      for (const streams of byUser.values()) {
        for (const s of streams) {
          const retry = Math.round((SSE_RETRY_MS * (1 + 2 * random())) / 3);
          if (!s.res.writableEnded) s.res.end(`retry: ${retry}\n\n`);
        }
      }
      byUser.clear();
      count = 0;
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
