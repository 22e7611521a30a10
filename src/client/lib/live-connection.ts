/**
 * One server-sent event stream (GET /api/events) kept open for as long as it is wanted.
 *
 * The browser reconnects a dropped stream by itself, but gives up for good when the server
 * answers anything but a stream (a 401 after the session ended, a proxy's 502). Then this asks
 * whether the session is still valid: if not it stops (a new connection starts at the next
 * sign-in), otherwise it opens a new stream after a growing pause. A stream the server
 * replaced with a newer one of the same user is not reopened.
 */
// Types only: shared/live.ts also holds zod schemas, which must stay out of the app's entry.
import type { LiveEventType, SSE_REPLACED_EVENT } from '#shared/live.js';

export const LIVE_EVENTS = [
  'message.created',
  'delivery.updated',
  'delivery.removed',
  'courier.position',
  'notification.created',
] as const satisfies readonly LiveEventType[];

/**
 * The server ended this stream because the user opened more than MAX_STREAMS_PER_USER (tabs,
 * devices): reconnecting would only end another one, so this tab stays quiet (polling goes on).
 */
const REPLACED: typeof SSE_REPLACED_EVENT = 'replaced';

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
  /** Events may have been missed (a reconnect, or the server said `resync`): refetch. */
  onMissed: () => void;
  /** After a refused stream: false when the session is gone, so trying again is pointless. */
  sessionValid: () => Promise<boolean>;
  createSource?: (url: string) => EventSource;
}

/** Opens the stream; the returned function closes it for good. */
export function openLiveConnection(options: LiveConnectionOptions): () => void {
  const { url, onEvent, onMissed, sessionValid } = options;
  const createSource = options.createSource ?? ((u: string) => new EventSource(u));
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let connectedBefore = false;
  let failures = 0;

  const open = () => {
    if (closed) return;
    const current = createSource(url);
    source = current;
    current.addEventListener('ready', () => {
      if (closed) return;
      failures = 0;
      // Whatever happened while the stream was down was missed.
      if (connectedBefore) onMissed();
      connectedBefore = true;
    });
    current.addEventListener('resync', () => !closed && onMissed());
    current.addEventListener(REPLACED, () => {
      if (closed || current !== source) return;
      current.close();
      source = null;
    });
    for (const type of LIVE_EVENTS) {
      current.addEventListener(type, (event) => {
        if (closed) return;
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

  open();
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}
