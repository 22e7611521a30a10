import { useEffect } from 'react';
import { LiveEvents } from '../components/live/live-events';
import { OutboxSync } from '../components/offline/outbox-sync';
import { startOutbox } from '../lib/outbox';

/**
 * What runs once someone has signed in: the courier outbox and its replay triggers, and the
 * live-event stream. Its own chunk (background-services.tsx), never loaded for visitors.
 */
export function SignedInServices() {
  useEffect(() => startOutbox(), []);
  return (
    <>
      <OutboxSync />
      <LiveEvents />
    </>
  );
}
