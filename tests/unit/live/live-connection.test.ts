import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  eventData,
  FIRST_REOPEN_DELAY_MS,
  MAX_REOPEN_DELAY_MS,
  openLiveConnection,
  reopenDelay,
} from '#client/lib/live-connection.js';
import { SSE_HEARTBEAT_MS, SSE_SILENCE_MS } from '#shared/live-stream.js';

/** A stand-in EventSource the test drives: what the server sends and how the browser fails. */
class FakeSource extends EventTarget {
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  emit(type: string, data: string) {
    this.readyState = 1;
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
  /** The browser retries by itself (CONNECTING) or gives up (CLOSED, e.g. after a 401). */
  fail(givesUp: boolean) {
    this.readyState = givesUp ? 2 : 0;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

let sources: FakeSource[];
const createSource = (url: string) => {
  const source = new FakeSource(url);
  sources.push(source);
  return source as unknown as EventSource;
};
const last = () => sources[sources.length - 1]!;

function connect(sessionValid: () => Promise<boolean> = () => Promise.resolve(true)) {
  const onEvent = vi.fn();
  const onMissed = vi.fn();
  const valid = vi.fn(sessionValid);
  const close = openLiveConnection({
    url: '/api/events',
    onEvent,
    onMissed,
    sessionValid: valid,
    createSource,
  });
  return { onEvent, onMissed, sessionValid: valid, close };
}

beforeEach(() => {
  sources = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reopenDelay', () => {
  it('starts at 3 seconds and doubles up to a minute', () => {
    expect(reopenDelay(0)).toBe(FIRST_REOPEN_DELAY_MS);
    expect(reopenDelay(1)).toBe(FIRST_REOPEN_DELAY_MS * 2);
    expect(reopenDelay(2)).toBe(FIRST_REOPEN_DELAY_MS * 4);
    expect(reopenDelay(50)).toBe(MAX_REOPEN_DELAY_MS);
    expect(reopenDelay(-1)).toBe(FIRST_REOPEN_DELAY_MS);
  });
});

describe('eventData', () => {
  it('parses JSON and ignores anything else', () => {
    expect(eventData(new MessageEvent('x', { data: '{"a":1}' }))).toEqual({ a: 1 });
    expect(eventData(new MessageEvent('x', { data: 'not json' }))).toBeUndefined();
    expect(eventData(new Event('x'))).toBeUndefined();
  });
});

describe('openLiveConnection', () => {
  it('opens one stream and hands each known event with its data on', () => {
    const live = connect();
    expect(sources).toHaveLength(1);
    expect(last().url).toBe('/api/events');
    last().emit('ready', '{"user_id":7}');
    last().emit('message.created', '{"message":{"message_id":1}}');
    last().emit('delivery.updated', '{"delivery":{"delivery_id":2}}');
    last().emit('delivery.removed', '{"delivery_id":3}');
    last().emit('courier.position', '{"delivery_id":2,"lat":37.7,"lng":-122.4}');
    last().emit('courier.position', 'garbage');
    last().emit('something.else', '{}');
    expect(live.onEvent.mock.calls).toEqual([
      ['message.created', { message: { message_id: 1 } }],
      ['delivery.updated', { delivery: { delivery_id: 2 } }],
      ['delivery.removed', { delivery_id: 3 }],
      ['courier.position', { delivery_id: 2, lat: 37.7, lng: -122.4 }],
    ]);
    expect(live.onMissed).not.toHaveBeenCalled();
  });

  it('refetches after the browser reconnects a dropped stream, and on resync', () => {
    const live = connect();
    last().emit('ready', '{}');
    last().fail(false);
    // The browser itself reconnects: no new stream from us, no session check.
    expect(sources).toHaveLength(1);
    expect(live.sessionValid).not.toHaveBeenCalled();
    last().emit('ready', '{}');
    expect(live.onMissed).toHaveBeenCalledTimes(1);
    last().emit('resync', '{}');
    expect(live.onMissed).toHaveBeenCalledTimes(2);
  });

  it('the first stream refetches what may be older than the user’s last event, if one came', () => {
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    const recent = connect();
    last().emit('ready', '{"user_id":7,"last_event_ms_ago":1500}');
    expect(recent.onMissed).toHaveBeenCalledExactlyOnceWith(Date.now() - 1500);
    recent.close();

    const quiet = connect();
    last().emit('ready', '{"user_id":7,"last_event_ms_ago":null}');
    expect(quiet.onMissed).not.toHaveBeenCalled();
    // An older server's ready says nothing of it: nothing to go by, as before.
    last().emit('resync', '{}');
    expect(quiet.onMissed).toHaveBeenCalledExactlyOnceWith();
    quiet.close();

    const older = connect();
    last().emit('ready', '{"user_id":7}');
    expect(older.onMissed).not.toHaveBeenCalled();
  });

  it('stops for good when a refused stream turns out to be a signed-out session', async () => {
    const live = connect(() => Promise.resolve(false));
    last().fail(true);
    await vi.advanceTimersByTimeAsync(10 * MAX_REOPEN_DELAY_MS);
    expect(live.sessionValid).toHaveBeenCalledTimes(1);
    expect(sources).toHaveLength(1);
    expect(last().closed).toBe(true);
  });

  it('reopens a refused stream after a growing pause while the session is valid', async () => {
    const live = connect();
    last().fail(true);
    await vi.advanceTimersByTimeAsync(reopenDelay(0) - 1);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);

    last().fail(true);
    await vi.advanceTimersByTimeAsync(reopenDelay(1) - 1);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(3);

    // Once connected the pause starts over, and the events missed meanwhile are refetched.
    last().emit('ready', '{}');
    expect(live.onMissed).not.toHaveBeenCalled();
    last().fail(true);
    last().fail(true); // a second error from the same, already closed, stream counts once
    await vi.advanceTimersByTimeAsync(reopenDelay(0));
    expect(sources).toHaveLength(4);
    expect(live.sessionValid).toHaveBeenCalledTimes(3);
    last().emit('ready', '{}');
    expect(live.onMissed).toHaveBeenCalledTimes(1);
  });

  it('stays closed when the server replaced the stream with a newer one of the same user', async () => {
    const live = connect();
    last().emit('ready', '{}');
    last().emit('replaced', '{}');
    // The server then ends the stream; the browser would reconnect it, and end another tab's.
    last().fail(false);
    await vi.advanceTimersByTimeAsync(10 * MAX_REOPEN_DELAY_MS);
    expect(sources).toHaveLength(1);
    expect(last().closed).toBe(true);
    expect(live.sessionValid).not.toHaveBeenCalled();
  });

  it('keeps trying when the session check itself fails (network down)', async () => {
    connect(() => Promise.reject(new TypeError('Failed to fetch')));
    last().fail(true);
    await vi.advanceTimersByTimeAsync(reopenDelay(0));
    expect(sources).toHaveLength(2);
  });

  it('closing ends the stream and cancels a pending reopen', async () => {
    const live = connect();
    last().fail(true);
    await vi.advanceTimersByTimeAsync(0);
    live.close();
    await vi.advanceTimersByTimeAsync(10 * MAX_REOPEN_DELAY_MS);
    expect(sources).toHaveLength(1);

    const other = connect();
    const stream = last();
    other.close();
    expect(stream.closed).toBe(true);
    stream.emit('message.created', '{}');
    stream.fail(true);
    expect(other.onEvent).not.toHaveBeenCalled();
    expect(other.sessionValid).not.toHaveBeenCalled();
  });

  it('replaces a stream that fell silent (no heartbeat), and refetches what it missed', async () => {
    const live = connect();
    last().emit('ready', '{}');
    // Heartbeats keep a quiet stream alive.
    for (let t = 0; t < 3 * SSE_SILENCE_MS; t += SSE_HEARTBEAT_MS) {
      await vi.advanceTimersByTimeAsync(SSE_HEARTBEAT_MS);
      last().emit('heartbeat', '{}');
    }
    expect(sources).toHaveLength(1);
    // A network that hangs: nothing arrives, nothing fails.
    await vi.advanceTimersByTimeAsync(SSE_SILENCE_MS + 5_000);
    expect(sources).toHaveLength(2);
    expect(sources[0]!.closed).toBe(true);
    last().emit('ready', '{}');
    expect(live.onMissed).toHaveBeenCalledTimes(1);
  });

  it('never opens a stream while the browser is offline; it waits for the network', async () => {
    connect();
    last().emit('ready', '{}');
    Object.defineProperty(navigator, 'onLine', { get: () => false, configurable: true });
    try {
      await vi.advanceTimersByTimeAsync(3 * SSE_SILENCE_MS);
      expect(sources).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(navigator, 'onLine');
    }
    await vi.advanceTimersByTimeAsync(SSE_SILENCE_MS);
    expect(sources).toHaveLength(2);
  });

  it('when the network is back after trouble, replaces a stream that missed its heartbeat', async () => {
    let networkBack = () => {};
    const live = openLiveConnection({
      url: '/api/events',
      onEvent: vi.fn(),
      onMissed: vi.fn(),
      sessionValid: () => Promise.resolve(true),
      createSource,
      onNetworkBack: (listener) => {
        networkBack = listener;
        return () => {};
      },
    });
    last().emit('ready', '{}');
    await vi.advanceTimersByTimeAsync(SSE_HEARTBEAT_MS / 2);
    networkBack();
    // Heard from lately: it lived through it.
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SSE_HEARTBEAT_MS);
    networkBack();
    expect(sources).toHaveLength(2);
    live();
  });
});
