import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { failureMessage } from '../api/auth-api';

interface AccountCall<Body, Result> {
  /** The call: one of auth-api's. */
  call: (body: Body) => Promise<Result>;
  /** The form's error when the server gave no words of its own. */
  failure: string;
  /** After success, still busy (the alert, the way on): a failure here is the form's error too. */
  then?: (result: Result) => unknown;
  onFailure?: (message: string, error: unknown) => void;
}

/**
 * An identity form's call through useMutation. `send` clears the last error at once (a warning
 * set right after it stays) and the form is busy until the call and `then` are done; a failure
 * becomes the form's error in the server's words (else `failure`), which `onFailure` hears.
 * `setError` shows the form's own checks.
 */
export function useAccountCall<Body, Result>({
  call,
  failure,
  then,
  onFailure,
}: AccountCall<Body, Result>) {
  const [error, setError] = useState('');
  const mutation = useMutation({
    mutationFn: call,
    // Awaited by the mutation, so the form stays busy through it.
    onSuccess: async (result) => {
      await then?.(result);
    },
    onError: (err) => {
      const message = failureMessage(err, failure);
      setError(message);
      onFailure?.(message, err);
    },
  });
  const send = (body: Body): Promise<void> => {
    setError('');
    return mutation.mutateAsync(body).then(
      () => undefined,
      () => undefined,
    );
  };
  return { error, setError, busy: mutation.isPending, send };
}
