import { useCallback, useEffect, useState } from 'react';
import { disablePush, enablePush, pushState, type PushState } from '#client/lib/push.js';

const REFUSED =
  'Notifications are blocked for Gator Market in this browser. Allow them in the site settings to get them.';

/**
 * Push on this device, for a screen that offers it: its state, and turning it on (from a tap:
 * the browser's permission prompt comes only then) or off.
 */
export function usePushSwitch(userId: number) {
  const [state, setState] = useState<PushState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushState().then((found) => live && setState(found));
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(async (change: () => Promise<PushState>, done: string) => {
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
  }, []);

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
