import { useEffect, useReducer } from 'react';
import { useConnectionTrouble } from '#client/lib/connection.js';
import { useOnline } from '#client/lib/online.js';
import { formatUpdatedAt, useLastUpdated } from './use-last-updated';

/** "less than a minute ago", "2 min ago", "at 3:41 PM" (an hour or more). */
export function savedAgo(at: number, now = Date.now()): string {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'less than a minute ago';
  return minutes < 60 ? `${minutes} min ago` : `at ${formatUpdatedAt(at, now)}`;
}

/** Renders again every 30 s while `ticking`, so "2 min ago" stays true. */
function useTicking(ticking: boolean): void {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, [ticking]);
}

/**
 * "Connection trouble, showing what was saved 2 min ago": the browser says it is online, but
 * requests fail or time out (lib/connection.ts), so what is on screen is the saved copy. Gone
 * at the first answer. (Offline, the offline banner says it instead.) Rendered by the
 * background services, above the other banners (offline-status.tsx) and styled like them.
 */
export function ConnectionTrouble() {
  const online = useOnline();
  const trouble = useConnectionTrouble() !== null && online;
  const lastUpdated = useLastUpdated();
  useTicking(trouble);
  if (!trouble) return null;
  return (
    <div className="offline-status">
      <p className="offline-bar" role="status" data-testid="connection-trouble">
        {lastUpdated
          ? `Connection trouble, showing what was saved ${savedAgo(lastUpdated)}`
          : 'Connection trouble, still trying…'}
      </p>
    </div>
  );
}
