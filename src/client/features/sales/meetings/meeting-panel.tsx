import { useId, useState } from 'react';
import { isOpenMeeting } from '#shared/sales.js';
import type { Hold } from '#shared/schemas/sales.js';
import { Button } from '#client/components/ui/button.js';
import { useWaitingSales } from '#client/lib/outbox-hooks.js';
import { MeetingForm } from './meeting-form';
import { MeetingOutcome } from './meeting-outcome';
import { isMeetingEntry, useListingMeetings } from './meetings-api';
import { OpenMeeting } from './open-meeting';
import { WaitingSteps } from './waiting-steps';
import './meetings.css';

export interface MeetingPanelProps {
  /** An Active hold: its seller and its buyer meet to hand the item over. */
  hold: Hold;
  side: 'seller' | 'buyer';
  userId: number;
}

/**
 * The meeting on campus of an item on hold, under the hold's bar (conversation and product page,
 * seller and holder): "Arrange a meeting", then the meeting as it stands, kept current by live
 * events (`meeting.updated`).
 */
export function MeetingPanel({ hold, side, userId }: MeetingPanelProps) {
  const meetings = useListingMeetings(hold.listing_id);
  const all = useWaitingSales(userId, hold.listing_id);
  const waiting = all.filter(isMeetingEntry);
  const [arranging, setArranging] = useState(false);
  const titleId = useId();
  const latest = meetings.data?.find((m) => m.hold_id === hold.hold_id);
  const open = latest && isOpenMeeting(latest.status) ? latest : undefined;

  let body;
  if (!meetings.data) {
    body = meetings.isError ? (
      <p className="meeting-hint">Could not load the meeting: {meetings.error.message}</p>
    ) : null;
  } else if (open) {
    body = <OpenMeeting meeting={open} hold={hold} side={side} userId={userId} waiting={waiting} />;
  } else {
    body = (
      <>
        {latest ? (
          <MeetingOutcome meeting={latest} userId={userId} />
        ) : (
          <p className="meeting-hint">
            Hand the item over in person: pick a spot on campus and a time.
          </p>
        )}
        <WaitingSteps entries={waiting} />
        {latest?.status !== 'Completed' && waiting.length === 0 && (
          <Button variant="outline" onClick={() => setArranging(true)}>
            Arrange a meeting
          </Button>
        )}
      </>
    );
  }
  return (
    <section className="meeting" aria-labelledby={titleId}>
      <h3 id={titleId} className="meeting-title">
        Meeting on campus
      </h3>
      {body}
      {arranging && <MeetingForm userId={userId} hold={hold} onClose={() => setArranging(false)} />}
    </section>
  );
}
