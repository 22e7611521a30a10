import { useState } from 'react';
import type { SaleEntry } from '#shared/outbox.js';
import type { Hold, Meeting } from '#shared/schemas/sales.js';
import { CampusSpotMap, useHasSpotMap } from '#client/components/campus-spot-map.js';
import { Button } from '#client/components/ui/button.js';
import { FormAlert } from '#client/components/ui/fields.js';
import { askToConfirm } from '#client/lib/dialogs.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { HandoverEntry } from './handover-entry';
import { MeetingForm } from './meeting-form';
import { campusClock, meetingWhen, useTimeReached } from './meeting-times';
import { meetingStep, useMeetingStep } from './meetings-api';
import { WaitingSteps } from './waiting-steps';

interface Props {
  meeting: Meeting;
  hold: Hold;
  side: 'seller' | 'buyer';
  userId: number;
  waiting: readonly SaleEntry[];
}

/**
 * A meeting still ahead: Proposed (the other side accepts or changes it; the proposer waits,
 * changes or cancels it) or Agreed (the buyer's handover code, large; the seller's entry of it;
 * either side changes or cancels it, and from its time on may say the other did not come).
 */
export function OpenMeeting({ meeting, hold, side, userId, waiting }: Props) {
  const [changing, setChanging] = useState(false);
  const { step, send } = useMeetingStep(userId);
  const key = useSendKey();
  const timeCame = useTimeReached(meeting.at);
  const lockedUntil = meeting.handover_locked_until ?? null;
  const unlocked = useTimeReached(lockedUntil ?? meeting.created_at);
  const mine = meeting.proposed_by === userId;
  const other = side === 'seller' ? meeting.buyer_username : meeting.seller_username;
  const agreed = meeting.status === 'Agreed';
  const busy = step.isPending || waiting.length > 0;

  const act = async (action: 'accept' | 'cancel' | 'no_show') => {
    if (action === 'cancel') {
      const yes = await askToConfirm('Cancel the meeting?', {
        detail: `${other} is told. The item stays on hold: you can arrange another meeting.`,
        confirmLabel: 'Cancel meeting',
        cancelLabel: 'Keep it',
        danger: true,
      });
      if (!yes) return;
    }
    if (action === 'no_show') {
      const yes = await askToConfirm(`Say that ${other} did not come?`, {
        detail:
          'The meeting ends, and moderators can see it. The item stays on hold until the hold ends.',
        confirmLabel: 'They did not come',
        cancelLabel: 'Back',
      });
      if (!yes) return;
    }
    await send(meetingStep(meeting, action), key);
  };

  return (
    <div className="meeting-open" data-status={meeting.status}>
      <p className="meeting-head">
        <strong>
          {agreed
            ? 'Meeting agreed'
            : mine
              ? 'You proposed a meeting'
              : `${other} proposes a meeting`}
        </strong>
      </p>
      <p className="meeting-where">
        {meeting.location} · <time dateTime={meeting.at}>{meetingWhen(meeting.at)}</time>
      </p>
      <SpotOnMap spot={meeting.location} />
      {!agreed && mine && <p className="meeting-hint">Waiting for {other} to accept.</p>}
      {agreed && side === 'buyer' && meeting.handover_code && (
        <section className="meeting-code" aria-label="Your handover code">
          <p className="meeting-code-label">Your handover code</p>
          <p className="meeting-code-digits" data-testid="meeting-handover-code">
            {meeting.handover_code}
          </p>
          <p className="meeting-hint">
            Tell {other} these 4 digits once you have the item: they complete the sale with them.
          </p>
        </section>
      )}
      {agreed && lockedUntil && !unlocked && (
        <p className="meeting-locked" role="status">
          Too many wrong handover codes: the handover is locked until {campusClock(lockedUntil)}.
        </p>
      )}
      {agreed && side === 'seller' && (
        <HandoverEntry
          meeting={meeting}
          userId={userId}
          locked={lockedUntil !== null && !unlocked}
          waiting={waiting}
        />
      )}
      <WaitingSteps entries={waiting} />
      <div className="btn-row">
        {!agreed && !mine && (
          <Button disabled={busy} onClick={() => void act('accept')}>
            Accept
          </Button>
        )}
        <Button variant="outline" disabled={busy} onClick={() => setChanging(true)}>
          Change
        </Button>
        {(agreed || mine) && (
          <Button variant="outline" disabled={busy} onClick={() => void act('cancel')}>
            Cancel meeting
          </Button>
        )}
        {agreed && timeCame && (
          <Button variant="outline" disabled={busy} onClick={() => void act('no_show')}>
            They did not come
          </Button>
        )}
      </div>
      <FormAlert>{step.isError && step.error.message}</FormAlert>
      {changing && (
        <MeetingForm
          userId={userId}
          hold={hold}
          meeting={meeting}
          onClose={() => setChanging(false)}
        />
      )}
    </div>
  );
}

/** The spot on the campus map, opened on request (the map's code loads then). */
function SpotOnMap({ spot }: { spot: string }) {
  const [open, setOpen] = useState(false);
  const hasMap = useHasSpotMap();
  if (!hasMap) return null;
  return (
    <details className="meeting-map" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{spot} on the campus map</summary>
      {open && <CampusSpotMap spot={spot} label={`Meet at: ${spot}`} />}
    </details>
  );
}
