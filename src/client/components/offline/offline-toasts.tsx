import { OutboxNotice } from './outbox-notice';
import { UpdatePrompt } from './update-prompt';

/** The passing news: synced, dropped, sign in to sync, a new version. */
export function OfflineToasts() {
  return (
    <>
      <OutboxNotice />
      <UpdatePrompt />
    </>
  );
}
