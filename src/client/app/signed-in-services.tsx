import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LiveEvents } from '../components/live/live-events';
import { OutboxSync } from '../components/offline/outbox-sync';
import { startOutbox } from '../lib/outbox';
import { setRoutePrefetcher } from '../lib/route-prefetch';
import { useSessionUser } from '../lib/session';
import { prefetchSteps } from './router';

/**
 * This device's push subscription follows who is signed in: after each sign-in it is tied to
 * the new session (or let go when it was someone else's); after Sign Out the browser lets go
 * of it too (the server forgets it with the session). Sign Out clears all storage, the push
 * owner with it; a session that merely expired leaves it, and the phone keeps hearing of
 * orders. Its code loads after sign-in, never with the first page.
 */
function PushSync() {
  const userId = useSessionUser()?.user_id ?? null;
  const { mutate: follow } = useMutation({
    mutationFn: async (signedIn: number | null) => {
      const push = await import('../lib/push');
      return signedIn !== null ? push.syncPushSubscription(signedIn) : push.forgetAfterSignOut();
    },
    onError: (error) => console.warn('push: could not update this device', error),
  });
  useEffect(() => {
    if (!('PushManager' in window)) return;
    follow(userId);
  }, [userId, follow]);
  return null;
}

/**
 * What runs once someone has signed in: the courier outbox and its replay triggers, the
 * live-event stream and this device's push subscription. Its own chunk (background-services.tsx), never loaded for visitors.
 */
export function SignedInServices() {
  useEffect(() => startOutbox(), []);
  useEffect(() => setRoutePrefetcher(prefetchSteps), []);
  return (
    <>
      <OutboxSync />
      <LiveEvents />
      <PushSync />
    </>
  );
}
