import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isNetworkError } from '#client/lib/api.js';

export function LoadingNote({ children = 'Loading…' }: { children?: ReactNode }) {
  return (
    <p className="note note-loading" role="status">
      {children}
    </p>
  );
}

/** A failed load, with the reason a person can act on and an optional retry. */
export function ErrorNote({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = isNetworkError(error)
    ? 'You appear to be offline. Check your connection and try again.'
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <div className="note note-error" role="alert">
      <p>Error: {message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="note note-empty">{children}</p>;
}

/**
 * A query's data, or its state while there is none: loading, or the error with Try again.
 * Data already held is shown even when refreshing it failed. `empty` stands in for an empty list.
 */
export function QueryView<T>({
  query,
  empty,
  loading,
  frame = (state) => state,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error'> & { refetch: () => unknown };
  empty?: ReactNode;
  loading?: ReactNode;
  /** What the loading and error states stand in (a whole page: `inPage`). */
  frame?: (state: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  if (data !== undefined) {
    if (empty !== undefined && Array.isArray(data) && data.length === 0) {
      return <EmptyNote>{empty}</EmptyNote>;
    }
    return children(data);
  }
  if (query.isError) {
    return frame(<ErrorNote error={query.error} onRetry={() => void query.refetch()} />);
  }
  return frame(<LoadingNote>{loading}</LoadingNote>);
}

/** A loading or error state that is the whole page. */
export const inPage = (state: ReactNode) => <div className="page">{state}</div>;
