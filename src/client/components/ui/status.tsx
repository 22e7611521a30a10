import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isNetworkError } from '#client/lib/api.js';
import { useOnline } from '#client/lib/online.js';
import { Button } from './button';

/** What a screen with nothing saved on the phone says offline (no request can go out). */
export const OFFLINE_MESSAGE =
  'This page has not been saved on this phone yet. It loads by itself once you are back online.';

/**
 * Offline with nothing to show: said plainly, with a retry (never an endless "Loading…":
 * offline, queries wait paused and no deadline ends them).
 */
export function OfflineNote({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="note note-offline" role="alert" data-testid="offline-state">
      <p>
        <strong>You are offline.</strong> {OFFLINE_MESSAGE}
      </p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * "Loading…" while something is on its way; offline, where nothing is on its way, the offline
 * state instead, whose retry asks again for what the screen shows.
 */
export function LoadingNote({
  children = 'Loading…',
  onRetry,
}: {
  children?: ReactNode;
  onRetry?: () => void;
}) {
  const online = useOnline();
  const client = useQueryClient();
  if (!online)
    return (
      <OfflineNote onRetry={onRetry ?? (() => void client.refetchQueries({ type: 'active' }))} />
    );
  return (
    <p className="note note-loading" role="status">
      {children}
    </p>
  );
}

/**
 * What a screen says when no answer came (offline, or a network that hangs): it keeps trying,
 * and loads once the network works.
 */
export const NO_ANSWER_MESSAGE =
  'The network is not answering. This loads by itself once it does, or try again.';

/** A failed load, with the reason a person can act on and an optional retry. */
export function ErrorNote({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = isNetworkError(error)
    ? NO_ANSWER_MESSAGE
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <div className="note note-error" role="alert">
      <p>Error: {message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** A failed try that got no answer (still being retried), or null. */
export function noAnswer(reason: unknown): unknown {
  return isNetworkError(reason) ? reason : null;
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="note note-empty">{children}</p>;
}

/**
 * A query's data, or its state while there is none: loading, or the error with Try again.
 * Data already held is shown even when refreshing it failed. `empty` stands in for an empty list.
 * A try that got no answer within its deadline shows the error at once, while the query keeps
 * retrying behind it: never an endless "Loading…".
 */
export function QueryView<T>({
  query,
  empty,
  loading,
  frame = (state) => state,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error'> & {
    refetch: () => unknown;
    failureReason?: unknown;
  };
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
  return frame(<QueryStateNote query={query}>{loading}</QueryStateNote>);
}

/** A query's state while it has no data: loading, or the error with Try again. */
export function QueryStateNote({
  query,
  children,
}: {
  query: Pick<UseQueryResult<unknown>, 'isError' | 'error'> & {
    refetch: () => unknown;
    failureReason?: unknown;
  };
  /** What loading says, if not "Loading…". */
  children?: ReactNode;
}) {
  const failed = query.isError ? query.error : noAnswer(query.failureReason);
  if (failed) return <ErrorNote error={failed} onRetry={() => void query.refetch()} />;
  return <LoadingNote onRetry={() => void query.refetch()}>{children}</LoadingNote>;
}

/** A loading or error state that is the whole page. */
export const inPage = (state: ReactNode) => <div className="page">{state}</div>;
