import { useListingMeetings } from './meetings-api';
import { MeetingOutcome } from './meeting-outcome';
import './meetings.css';

export interface MeetingRecordProps {
  /** A sold listing. */
  listingId: number;
  userId: number;
  /** The other person of a conversation: only a meeting with them is shown. */
  otherId?: number;
}

/** "Sold at <spot> for <price>": the meeting on campus that sold the item, once the hold is over. */
export function MeetingRecord({ listingId, userId, otherId }: MeetingRecordProps) {
  const meetings = useListingMeetings(listingId);
  const sold = meetings.data?.find(
    (m) =>
      m.status === 'Completed' &&
      (otherId === undefined || m.buyer_id === otherId || m.seller_id === otherId),
  );
  if (!sold) return null;
  return (
    <section className="meeting" aria-label="Meeting on campus">
      <MeetingOutcome meeting={sold} userId={userId} />
    </section>
  );
}
