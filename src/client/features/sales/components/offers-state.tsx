import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNote } from '#client/components/ui/status.js';
import { useOnline } from '#client/lib/online.js';

/**
 * The offers of a listing or a conversation once they are here; before that, a quiet line in
 * the box (the page around it has its own offline state, so this one is never a second alert).
 */
export function OffersState<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error' | 'refetch'>;
  children: (data: T) => ReactNode;
}) {
  const online = useOnline();
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <ErrorNote error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <p className="note">{online ? 'Loading offers…' : 'Offers show once you are back online.'}</p>
  );
}
