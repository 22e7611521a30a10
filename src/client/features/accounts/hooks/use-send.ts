import { useState } from 'react';
import { failureMessage } from '../api/auth-api';

/**
 * An identity form's sending state. `send` marks the form busy and clears the last error; a
 * failure becomes the form's error in the server's words (else `failure`), which `onFailure`
 * also hears.
 */
export function useSend(failure: string, onFailure?: (message: string, error: unknown) => void) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (action: () => Promise<unknown>) => {
    setError('');
    setBusy(true);
    try {
      await action();
    } catch (err) {
      const message = failureMessage(err, failure);
      setError(message);
      onFailure?.(message, err);
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, send };
}
