import { usePushSwitch } from '../../components/notifications/use-push-switch';
import '../../components/notifications/push.css';
import { Button } from '#client/components/ui/button.js';

/** The settings screen's switch for push on this device, with what stands in its way. */
export function DevicePush({ userId }: { userId: number }) {
  const push = usePushSwitch(userId);
  const note = {
    checking: 'Checking this device…',
    unsupported:
      'This browser cannot show notifications from Gator Market. On an iPhone or iPad, add Gator Market to your Home Screen (Share, then Add to Home Screen) and open it from there.',
    denied:
      'Notifications are blocked for Gator Market in this browser. Allow them in the site settings, then come back here.',
    off: 'Get order updates, new jobs and messages on this device even when the app is closed.',
    on: 'Push notifications are on for this device.',
  }[push.state];
  return (
    <div className="push-offer">
      <p>{note}</p>
      {(push.state === 'off' || push.state === 'on') && (
        <Button
          variant={push.state === 'on' ? 'outline' : 'gold'}
          disabled={push.busy}
          onClick={() => void (push.state === 'on' ? push.turnOff() : push.turnOn())}
        >
          {push.state === 'on' ? 'Turn off on this device' : 'Turn on notifications on this device'}
        </Button>
      )}
      {push.message && (
        <p className="note" role="status">
          {push.message}
        </p>
      )}
    </div>
  );
}
