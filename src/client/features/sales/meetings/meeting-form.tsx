import { useMemo, useState } from 'react';
import { pickupLocations, type PickupLocation } from '#shared/locations.js';
import type { Hold, Meeting } from '#shared/schemas/sales.js';
import { CampusSpotMap } from '#client/components/campus-spot-map.js';
import { SelectField } from '#client/components/ui/fields.js';
import { ModalForm } from '#client/components/ui/modal-form.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { campusClock, dayOf, meetingDays } from './meeting-times';
import { meetingStep, proposeStep, useMeetingStep } from './meetings-api';

interface Props {
  userId: number;
  hold: Hold;
  /** The meeting to change; without it, a new one is proposed. */
  meeting?: Meeting;
  onClose: () => void;
}

const isSpot = (value: string): value is PickupLocation =>
  (pickupLocations() as readonly string[]).includes(value);

/**
 * "Arrange a meeting" (or "Change the meeting"): a spot among the campus's pickup and drop-off
 * spots, shown on the campus map, and a day and a quarter hour on the campus's clock while the
 * item is on hold. Sent as a step of the sale: the other side accepts it.
 */
export function MeetingForm({ userId, hold, meeting, onClose }: Props) {
  const [now] = useState(() => Date.now());
  const days = useMemo(() => meetingDays(now, Date.parse(hold.expires_at)), [now, hold.expires_at]);
  const kept = meeting && days.some((d) => d.slots.includes(meeting.at)) ? meeting.at : '';
  const [spot, setSpot] = useState<string>(meeting?.location ?? '');
  const [day, setDay] = useState(kept ? dayOf(kept) : (days[0]?.key ?? ''));
  const [at, setAt] = useState(kept);
  const { problem, require } = useFormCheck();
  const { step, send } = useMeetingStep(userId);
  const key = useSendKey();
  const slots = days.find((d) => d.key === day)?.slots ?? [];

  const submit = async () => {
    if (!require(isSpot(spot), 'Choose a meeting spot.', 'meeting-spot')) return;
    if (!require(at !== '', 'Choose a time.', day === '' ? 'meeting-day' : 'meeting-time')) return;
    if (
      meeting &&
      !require(spot !== meeting.location || at !== meeting.at, 'Pick another spot or time.')
    )
      return;
    const request = meeting
      ? meetingStep(meeting, 'change', {
          ...(spot !== meeting.location && { location: spot as PickupLocation }),
          ...(at !== meeting.at && { at }),
        })
      : proposeStep(hold, spot as PickupLocation, at);
    if (await send(request, key)) onClose();
  };

  return (
    <ModalForm
      title={meeting ? 'Change the meeting' : 'Arrange a meeting'}
      onClose={onClose}
      onSubmit={() => void submit()}
      sending={step}
      problem={problem}
      failure="Could not send"
      submitLabel={meeting ? 'Propose the change' : 'Propose the meeting'}
    >
      <SelectField
        id="meeting-spot"
        label="Meeting spot"
        placeholder="Choose a spot"
        options={pickupLocations()}
        value={spot}
        onValue={setSpot}
      />
      {isSpot(spot) && <CampusSpotMap spot={spot} label={`Meet at: ${spot}`} />}
      {days.length === 0 ? (
        <p className="note">The hold ends too soon for a meeting before it.</p>
      ) : (
        <>
          <SelectField
            id="meeting-day"
            label="Day"
            placeholder="Choose a day"
            options={days.map((d) => d.key)}
            optionLabel={(k) => days.find((d) => d.key === k)?.label ?? k}
            value={day}
            onValue={(value) => {
              setDay(value);
              setAt('');
            }}
          />
          <SelectField
            id="meeting-time"
            label="Time"
            placeholder="Choose a time"
            hint="On the campus's clock."
            options={slots}
            optionLabel={campusClock}
            value={at}
            onValue={setAt}
          />
        </>
      )}
    </ModalForm>
  );
}
