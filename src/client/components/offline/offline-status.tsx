import { OfflineBanner } from './offline-banner';
import { OutboxNotice } from './outbox-notice';
import { PendingUpdates } from './pending-updates';
import { UpdatePrompt } from './update-prompt';
import './offline.css';

/**
 * Connection, outbox and version state on every screen. The lasting states (offline, updates
 * waiting) sit in the page flow above everything, so they never cover a screen's own sticky
 * header or action buttons; the passing news (synced, dropped, sign in, new version) floats
 * at the top until it is dismissed or fades.
 */
export function OfflineStatus() {
  return (
    <>
      <div className="offline-status">
        <OfflineBanner />
        <PendingUpdates className="offline-bar offline-bar--pending" />
      </div>
      <div className="offline-toasts">
        <OutboxNotice />
        <UpdatePrompt />
      </div>
    </>
  );
}
