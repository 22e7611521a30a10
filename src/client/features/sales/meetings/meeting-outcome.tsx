import type { Meeting } from '#shared/schemas/sales.js';
import { formatPrice } from '#client/lib/format.js';
import { meetingWhen } from './meeting-times';

/** How a finished meeting ended, as either side reads it. */
export function MeetingOutcome({ meeting, userId }: { meeting: Meeting; userId: number }) {
  const other = meeting.seller_id === userId ? meeting.buyer_username : meeting.seller_username;
  switch (meeting.status) {
    case 'Completed':
      return (
        <p className="meeting-outcome" data-status="Completed">
          <strong>
            Sold at {meeting.location} for {formatPrice(meeting.agreed_amount)}
          </strong>
        </p>
      );
    case 'NoShow':
      return (
        <p className="meeting-outcome" data-status="NoShow">
          <strong>
            {meeting.no_show_by === userId
              ? `You said ${other} did not come`
              : `${other} said you did not come`}
          </strong>{' '}
          to the meeting at {meeting.location}, {meetingWhen(meeting.at)}.
        </p>
      );
    case 'Cancelled':
      return (
        <p className="meeting-outcome" data-status="Cancelled">
          The meeting at {meeting.location}, {meetingWhen(meeting.at)}, was cancelled.
        </p>
      );
    default:
      return null;
  }
}
