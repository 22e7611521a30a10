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
