import { useId, useState } from 'react';
import { HANDOVER_CODE_PATTERN } from '#shared/handover.js';
import type { SaleEntry } from '#shared/outbox.js';
import type { Meeting } from '#shared/schemas/sales.js';
import { Form, FormAlert, SubmitButton } from '#client/components/ui/fields.js';
import { HandoverCodeInput } from '#client/components/ui/handover-code-input.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { meetingStep, useMeetingStep } from './meetings-api';

interface Props {
  meeting: Meeting;
  userId: number;
  /** While wrong codes lock the handover. */
  locked: boolean;
  /** Meeting steps still waiting for the network (a code typed offline among them). */
  waiting: readonly SaleEntry[];
}

/**
 * The seller's side of the handover: the buyer's 4 digits, typed once the item changes hands.
 * The server checks them (tries left, lock); typed offline, they wait and are sent once.
 */
export function HandoverEntry({ meeting, userId, locked, waiting }: Props) {
  const id = useId();
  const [code, setCode] = useState('');
  const { problem, require } = useFormCheck();
  const { step, send } = useMeetingStep(userId);
  const key = useSendKey();
  const refusal = step.isError ? step.error.message : '';
  const message = problem || refusal;
  const sent = waiting.some((e) => e.request.body.action === 'complete');

  const submit = async () => {
    if (!require(HANDOVER_CODE_PATTERN.test(code), 'Enter the 4-digit code from the buyer.', id))
      return;
    if (await send(meetingStep(meeting, 'complete', { code }), key)) setCode('');
  };

  return (
    <Form className="meeting-handover" onSubmit={() => void submit()}>
      <label htmlFor={id} className="meeting-code-label">
        Enter the buyer&apos;s handover code
      </label>
      <p id={`${id}-hint`} className="meeting-hint">
        Ask {meeting.buyer_username} for the 4 digits on their phone when you hand the item over.
      </p>
      <HandoverCodeInput
        id={id}
        className="meeting-code-input"
        value={code}
        onValue={setCode}
        problem={Boolean(message)}
        hintId={`${id}-hint`}
        problemId={`${id}-problem`}
        disabled={locked || sent}
      />
      <FormAlert id={`${id}-problem`}>{message}</FormAlert>
      <SubmitButton
        busy={step.isPending || locked || sent}
        busyText={step.isPending ? 'Sending…' : undefined}
      >
        Complete the sale
      </SubmitButton>
    </Form>
  );
}
