import { useEffect, useReducer } from 'react';
import { useConnectionTrouble } from '#client/lib/connection.js';
import { useOnline } from '#client/lib/online.js';
import { formatUpdatedAt, savedAgo, useLastUpdated } from './use-last-updated';

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
 * What is on screen is the saved copy: "Offline — last updated {time}" when the browser knows
 * it has no network, "Connection trouble, showing what was saved 2 min ago" when it thinks it
 * has one but requests fail or time out (lib/connection.ts); gone at the first answer.
 */
export function OfflineBanner() {
  const online = useOnline();
  const trouble = useConnectionTrouble() !== null;
  const lastUpdated = useLastUpdated();
  useTicking(online && trouble);
  if (!online) {
    return (
      <p className="offline-bar offline-bar--offline" role="status" data-testid="offline-banner">
        {lastUpdated ? `Offline — last updated ${formatUpdatedAt(lastUpdated)}` : 'Offline'}
      </p>
    );
  }
  if (!trouble) return null;
  return (
    <p className="offline-bar" role="status" data-testid="connection-trouble">
      {lastUpdated
        ? `Connection trouble, showing what was saved ${savedAgo(lastUpdated)}`
        : 'Connection trouble, still trying…'}
    </p>
  );
}
