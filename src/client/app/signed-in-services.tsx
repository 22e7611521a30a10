import { useEffect } from 'react';
import { LiveEvents } from '../components/live/live-events';
import { OutboxSync } from '../components/offline/outbox-sync';
import { startOutbox } from '../lib/outbox';
import { useSessionUser } from '../lib/session';

/**
 * After each sign-in, this device's push subscription (if it has one) is tied to the new
 * session, or let go when it was someone else's. Its code loads after sign-in, not with the page.
 */
function PushSync() {
  const userId = useSessionUser()?.user_id ?? null;
  useEffect(() => {
    if (userId === null || !('PushManager' in window)) return;
    void import('../lib/push')
      .then((push) => push.syncPushSubscription(userId))
      .catch((error: unknown) => console.warn('push: could not renew this device', error));
  }, [userId]);
  return null;
}

/**
 * What runs once someone has signed in: the courier outbox and its replay triggers, the
 * live-event stream and this device's push subscription. Its own chunk (background-services.tsx), never loaded for visitors.
 */
export function SignedInServices() {
  useEffect(() => startOutbox(), []);
  return (
    <>
      <OutboxSync />
      <LiveEvents />
      <PushSync />
    </>
  );
}
