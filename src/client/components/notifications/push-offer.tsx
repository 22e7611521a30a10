import { useState } from 'react';
import { usePushSwitch } from './use-push-switch';
import './push.css';
import { Button } from '#client/components/ui/button.js';

const DISMISSED = 'push-offer-dismissed';

/**
 * Offers push where it matters (on shift, after asking for a delivery), saying why first. The
 * browser's permission prompt appears only when the person taps the button; "Not now" hides
 * the offer until they sign in again.
 */
export function PushOffer({ userId, reason }: { userId: number; reason: string }) {
  const push = usePushSwitch(userId);
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED) === '1');
  if (push.message) {
    return (
      <p className="note" role="status">
        {push.message}
      </p>
    );
  }
  if (dismissed || push.state !== 'off') return null;
  return (
    <section className="push-offer" aria-label="Notifications on this device">
      <p>{reason}</p>
      <div className="btn-row">
        <Button variant="gold" disabled={push.busy} onClick={() => void push.turnOn()}>
          {push.busy ? 'Turning on…' : 'Turn on notifications'}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            sessionStorage.setItem(DISMISSED, '1');
            setDismissed(true);
          }}
        >
          Not now
        </Button>
      </div>
    </section>
  );
}
