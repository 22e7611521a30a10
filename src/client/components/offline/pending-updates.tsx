import { useOutbox } from '#client/lib/outbox-hooks.js';

export function pendingUpdatesText(count: number): string {
  return count === 1 ? '1 update waiting to sync' : `${count} updates waiting to sync`;
}

/** The courier's status changes still waiting for the network (nothing when none). */
export function PendingUpdates({
  className = 'pending-updates',
  testId = 'pending-updates',
}: {
  className?: string;
  testId?: string;
}) {
  const { count, syncing } = useOutbox();
  if (count === 0) return null;
  return (
    <p className={className} role="status" data-testid={testId}>
      {pendingUpdatesText(count)}
      {syncing ? ' — syncing…' : ''}
    </p>
  );
}
