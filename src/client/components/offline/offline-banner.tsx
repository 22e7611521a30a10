import { useOnline } from '#client/lib/online.js';
import { formatUpdatedAt, useLastUpdated } from './use-last-updated';

/** "Offline — last updated {time}": what is on screen is the saved copy. */
export function OfflineBanner() {
  const online = useOnline();
  const lastUpdated = useLastUpdated();
  if (online) return null;
  return (
    <p className="offline-bar offline-bar--offline" role="status" data-testid="offline-banner">
      {lastUpdated ? `Offline — last updated ${formatUpdatedAt(lastUpdated)}` : 'Offline'}
    </p>
  );
}
