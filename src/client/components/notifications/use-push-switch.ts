import { useCallback, useState } from 'react';
import { disablePush, enablePush, pushState, type PushState } from '#client/lib/push.js';
import { useAsyncState } from '#client/lib/use-async-state.js';

const REFUSED =
  'Notifications are blocked for Gator Market in this browser. Allow them in the site settings to get them.';

/**
 * Push on this device, for a screen that offers it: its state, and turning it on (from a tap:
 * the browser's permission prompt comes only then) or off.
 */
export function usePushSwitch(userId: number) {
  const [state, setState] = useAsyncState<PushState | 'checking'>(pushState, 'checking');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const run = useCallback(
    async (change: () => Promise<PushState>, done: string) => {
      setBusy(true);
      setMessage(null);
      try {
        const next = await change();
        setState(next);
        setMessage(next === 'on' || next === 'off' ? done : next === 'denied' ? REFUSED : null);
      } catch (error) {
        console.warn('push: could not change this device', error);
        setMessage('Could not change notifications on this device. Please try again.');
      } finally {
        setBusy(false);
      }
    },
    [setState],
  );

  return {
    state,
    busy,
    message,
    turnOn: () => run(() => enablePush(userId), 'Notifications are on for this device.'),
    turnOff: () =>
      run(async () => {
        await disablePush();
        return 'off';
      }, 'Notifications are off for this device.'),
  };
}
