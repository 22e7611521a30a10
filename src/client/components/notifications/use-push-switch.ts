import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { disablePush, enablePush, pushState, type PushState } from '#client/lib/push.js';
import { useAsyncState } from '#client/lib/use-async-state.js';

const REFUSED =
  'Notifications are blocked for Gator Market in this browser. Allow them in the site settings to get them.';

const DONE = {
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
} as const;

type Turn = keyof typeof DONE;

/**
 * Push on this device, for a screen that offers it: its state, and turning it on (from a tap:
 * the browser's permission prompt comes only then) or off, through one mutation (subscribing
 * saves the subscription on the server, turning off deletes it there).
 */
export function usePushSwitch(userId: number) {
  const [state, setState] = useAsyncState<PushState | 'checking'>(pushState, 'checking');
  const [message, setMessage] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: async (turn: Turn): Promise<PushState> => {
      if (turn === 'on') return enablePush(userId);
      await disablePush();
      return 'off';
    },
    onMutate: () => setMessage(null),
    onSuccess: (next, turn) => {
      setState(next);
      setMessage(next === 'on' || next === 'off' ? DONE[turn] : next === 'denied' ? REFUSED : null);
    },
    onError: (error) => {
      console.warn('push: could not change this device', error);
      setMessage('Could not change notifications on this device. Please try again.');
    },
  });

  const turn = (to: Turn) => change.mutateAsync(to).catch(() => undefined);
  return {
    state,
    busy: change.isPending,
    message,
    turnOn: () => turn('on'),
    turnOff: () => turn('off'),
  };
}
