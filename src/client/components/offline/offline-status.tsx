import { OfflineBanner } from './offline-banner';
import { OutboxNotice } from './outbox-notice';
import { PendingUpdates } from './pending-updates';
import { UpdatePrompt } from './update-prompt';
import './offline.css';

/** Connection, outbox and version state, shown on every screen above the page. */
export function OfflineStatus() {
  return (
    <div className="offline-status">
      <OfflineBanner />
      <PendingUpdates className="offline-bar offline-bar--pending" />
      <OutboxNotice />
      <UpdatePrompt />
    </div>
  );
}
