import { Suspense } from 'react';
import { HOLD_HOURS } from '#shared/sales.js';
import type { SaleEntry } from '#shared/outbox.js';
import type { Hold } from '#shared/schemas/sales.js';
import { Button } from '#client/components/ui/button.js';
import { FormAlert } from '#client/components/ui/fields.js';
import { askToConfirm } from '#client/lib/dialogs.js';
import { formatPrice } from '#client/lib/format.js';
import { lazyComponent } from '#client/lib/lazy-component.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { changeHoldStep, useSaleStep } from '../api/sale-steps';
import { when } from './offer-words';

/** The meeting on campus of the held item: its code loads with the first hold shown. */
const MeetingPanel = lazyComponent(() =>
  import('../meetings/meeting-panel').then((m) => m.MeetingPanel),
);

interface Props {
  hold: Hold;
  /** Who looks: the seller may release or extend; the buyer reads until when it is theirs. */
  side: 'seller' | 'buyer';
  userId: number;
  /** The buyer's name, for the seller. */
  buyerName?: string;
  waiting: readonly SaleEntry[];
}

/**
 * An Active hold: "On hold for you until <day, time>" to its buyer; to the seller, "On hold for
 * <buyer> until …" with Release and, once, Extend.
 */
export function HoldBar({ hold, side, userId, buyerName = 'the buyer', waiting }: Props) {
  const step = useSaleStep(userId);
  const key = useSendKey();
  const mine = waiting.filter((e) => e.request.path.endsWith(`/holds/${hold.hold_id}`));
  const change = async (action: 'release' | 'extend') => {
    if (action === 'release') {
      const yes = await askToConfirm(`Release the hold for ${buyerName}?`, {
        detail: 'The item is available to everyone again.',
        confirmLabel: 'Release',
        danger: true,
      });
      if (!yes) return;
    }
    const request = changeHoldStep(hold, action);
    step.mutate(
      { request, key: key.for({ ...request.body, at: hold.expires_at }) },
      { onSuccess: () => key.done() },
    );
  };
  const busy = step.isPending || mine.length > 0;
  return (
    <div className="hold-bar">
      <p>
        <strong>
          {side === 'buyer' ? 'On hold for you' : `On hold for ${buyerName}`} until{' '}
          {when(hold.expires_at)}
        </strong>
        {hold.agreed_amount !== null && <> · agreed price {formatPrice(hold.agreed_amount)}</>}
      </p>
      {mine.map((e) => (
        <p key={e.key} className="sale-waiting" data-testid="sale-waiting">
          Waiting to send: {e.request.label}
        </p>
      ))}
      {side === 'seller' && (
        <div className="btn-row">
          {!hold.extended && (
            <Button variant="outline" disabled={busy} onClick={() => void change('extend')}>
              Extend {HOLD_HOURS} hours
            </Button>
          )}
          <Button variant="outline" disabled={busy} onClick={() => void change('release')}>
            Release
          </Button>
        </div>
      )}
      <FormAlert>{step.isError && `Could not send: ${step.error.message}`}</FormAlert>
      <Suspense fallback={null}>
        <MeetingPanel hold={hold} side={side} userId={userId} />
      </Suspense>
    </div>
  );
}
