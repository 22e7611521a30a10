/**
 * One server-sent event stream (GET /api/events) kept open for as long as it is wanted.
 *
 * The browser reconnects a dropped stream by itself, but gives up for good when the server
 * answers anything but a stream (a 401 after the session ended, a proxy's 502). Then this asks
 * whether the session is still valid: if not it stops (a new connection starts at the next
 * sign-in), otherwise it opens a new stream after a growing pause. A stream the server
 * replaced with a newer one of the same user is not reopened.
 *
 * On a network that hangs, nothing drops: the stream just falls silent. The server sends a
 * heartbeat every SSE_HEARTBEAT_MS, so a stream silent for SSE_SILENCE_MS is dead and replaced
 * (which frees its connection), and so is a silent one when the network is back after trouble.
 * A new stream is only ever opened while the browser says it is online.
 */
// From the stream's zod-free half: shared/live.ts also holds zod schemas, which must stay out of
// the app's entry.
import {
  LIVE_EVENT_TYPES,
  SSE_HEARTBEAT_MS,
  SSE_REPLACED_EVENT,
  SSE_SILENCE_MS,
  type LiveEventType,
  type SseReady,
} from '#shared/live-stream.js';

/** The first pause before reopening a refused stream (as long as the server's `retry:`). */
export const FIRST_REOPEN_DELAY_MS = 3_000;
/** Pauses between reopening a refused stream never grow past this. */
export const MAX_REOPEN_DELAY_MS = 60_000;

/** The pause before reopening after `failures` refused attempts in a row: 3 s, 6 s, 12 s … 60 s. */
export function reopenDelay(failures: number): number {
  return Math.min(FIRST_REOPEN_DELAY_MS * 2 ** Math.max(0, failures), MAX_REOPEN_DELAY_MS);
}

/** The JSON payload of an event, or undefined when it is not JSON. */
export function eventData(event: Event): unknown {
  const raw = (event as MessageEvent<unknown>).data;
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export interface LiveConnectionOptions {
  url: string;
  onEvent: (type: LiveEventType, data: unknown) => void;
  /**
   * Events may have been missed: any (a reconnect, or the server said `resync`), or, when the
   * first stream opens, those since `since` (this clock's ms), the user's last event, which came
   * before the stream was there: refetch what is older than that.
   */
  onMissed: (since?: number) => void;
  /** After a refused stream: false when the session is gone, so trying again is pointless. */
  sessionValid: () => Promise<boolean>;
  createSource?: (url: string) => EventSource;
  /** Calls back when the network works again after trouble (lib/connection.ts). */
  onNetworkBack?: (listener: () => void) => () => void;
}

/** How often the stream's silence is checked. */
const SILENCE_CHECK_MS = 5_000;
/** The names of what the server sends besides the events it forwards. */
const STREAM_SIGNALS = ['ready', 'resync', 'heartbeat'] as const;

/** Opens the stream; the returned function closes it for good. */
export function openLiveConnection(options: LiveConnectionOptions): () => void {
  const { url, onEvent, onMissed, sessionValid } = options;
  const createSource = options.createSource ?? ((u: string) => new EventSource(u));
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let connectedBefore = false;
  let failures = 0;
  /** When the current stream last said anything (or was opened). */
  let heardAt = Date.now();

  const open = () => {
    if (closed) return;
    const current = createSource(url);
    source = current;
    heardAt = Date.now();
    const heard = () => {
      if (current === source) heardAt = Date.now();
    };
    for (const signal of STREAM_SIGNALS) current.addEventListener(signal, heard);
    current.addEventListener('ready', (event) => {
      if (closed) return;
      failures = 0;
      // Whatever happened while the stream was down was missed; before the first stream, the
      // page may have fetched its data just before the user's last event.
      if (connectedBefore) onMissed();
      else {
        const ago = (eventData(event) as Partial<SseReady> | undefined)?.last_event_ms_ago;
        if (typeof ago === 'number' && Number.isFinite(ago)) onMissed(Date.now() - ago);
      }
      connectedBefore = true;
    });
    current.addEventListener('resync', () => !closed && onMissed());
    // The server ended this stream because the user opened more than MAX_STREAMS_PER_USER (tabs,
    // devices): reconnecting would only end another one, so this tab stays quiet (polling goes on).
    current.addEventListener(SSE_REPLACED_EVENT, () => {
      if (closed || current !== source) return;
      current.close();
      source = null;
    });
    for (const type of LIVE_EVENT_TYPES) {
      current.addEventListener(type, (event) => {
        if (closed) return;
        heard();
        const data = eventData(event);
        if (data !== undefined) onEvent(type, data);
      });
    }
    current.addEventListener('error', () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up on this stream.
      if (closed || current !== source || current.readyState !== 2) return;
      current.close();
      source = null;
      void sessionValid().then(
        (valid) => valid && reopenLater(),
        () => reopenLater(),
      );
    });
  };

  const reopenLater = () => {
    if (closed) return;
    timer = setTimeout(open, reopenDelay(failures));
    failures += 1;
  };

  /** Replaces a stream that has gone silent for `silentFor` (only online: offline it waits). */
  const replaceIfSilent = (silentFor: number) => {
    if (closed || !source || !navigator.onLine || Date.now() - heardAt < silentFor) return;
    source.close();
    source = null;
    open();
  };

  open();
  const watchdog = setInterval(() => replaceIfSilent(SSE_SILENCE_MS), SILENCE_CHECK_MS);
  // Back after trouble: a stream that missed its last heartbeat did not survive it.
  const stopListening = options.onNetworkBack?.(() =>
    replaceIfSilent(SSE_HEARTBEAT_MS + SILENCE_CHECK_MS),
  );
  return () => {
    closed = true;
    clearTimeout(timer);
    clearInterval(watchdog);
    stopListening?.();
    source?.close();
    source = null;
  };
}
