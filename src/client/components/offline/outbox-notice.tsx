import { useEffect } from 'react';
import { SIGN_IN_TO_SYNC_MESSAGE } from '#shared/outbox.js';
import { useOutbox } from '#client/lib/outbox-hooks.js';

const SYNCED_VISIBLE_MS = 6000;

/** The outcome of the last replay: synced, dropped (and why), or sign in to continue. */
export function OutboxNotice() {
  const { notice, dismiss } = useOutbox();

  useEffect(() => {
    if (notice?.kind !== 'synced') return;
    const timer = setTimeout(dismiss, SYNCED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);

  if (!notice) return null;
  if (notice.kind === 'synced') {
    return (
      <p className="offline-bar offline-bar--ok" role="status" data-testid="outbox-synced">
        {notice.count === 1 ? 'Synced — 1 update sent' : `Synced — ${notice.count} updates sent`}
      </p>
    );
  }
  return (
    <div className="offline-bar offline-bar--warn" role="alert" data-testid="outbox-notice">
      <span>
        {notice.kind === 'sign-in'
          ? SIGN_IN_TO_SYNC_MESSAGE
          : notice.kind === 'message-dropped'
            ? `Could not send “${notice.content}”: ${notice.message}`
            : notice.kind === 'sale-dropped'
              ? `Could not send ${notice.label}: ${notice.message}`
              : notice.message}
      </span>
      {notice.kind === 'sign-in' ? (
        <a href="/login">Sign in</a>
      ) : (
        <button type="button" onClick={dismiss}>
          OK
        </button>
      )}
    </div>
  );
}
