/**
 * The pace of a background worker (the mail, notification and push queues): a round of work when
 * woken and every `pollMs` (for what other instances queued and for retries that fall due), one
 * round at a time, and a stop that waits for the round in hand.
 */
export interface WorkLoop {
  start(): void;
  /** Looks at the queue now (something was just queued). */
  kick(): void;
  /** Stops polling and waits for the round in hand. */
  stop(): Promise<void>;
  /** Whether the loop was stopped (a long round checks it between items). */
  readonly stopped: boolean;
}

const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

export function createWorkLoop(options: {
  pollMs: number;
  /** One round: works until the queue has nothing due. */
  round: () => Promise<void>;
  /** Clearing out what is old, after a round, at most once an hour. */
  housekeeping?: () => Promise<void>;
  /** A round failed (the database may be away for a moment); the next one tries again. */
  onError: (error: unknown) => void;
}): WorkLoop {
  const { pollMs, round, housekeeping, onError } = options;
  let lastHousekeeping = 0;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await round();
          if (housekeeping && Date.now() - lastHousekeeping >= HOUSEKEEPING_EVERY_MS) {
            lastHousekeeping = Date.now();
            await housekeeping();
          }
        } catch (error) {
          onError(error);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void run().then(schedule), pollMs);
    timer.unref();
  };

  return {
    get stopped() {
      return stopped;
    },
    start() {
      if (!stopped) return;
      stopped = false;
      void run().then(schedule);
    },
    kick() {
      if (stopped) return;
      setImmediate(() => void run());
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
