import { useState } from 'react';
import { HANDOVER_CODE_PATTERN } from '#shared/handover.js';
import { Form, FormAlert } from '#client/components/ui/fields.js';
import { HandoverCodeInput } from '#client/components/ui/handover-code-input.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { Button } from '#client/components/ui/button.js';

export const CODE_REQUIRED = 'Enter the 4-digit code from the buyer.';

interface DropOffPanelProps {
  /** The server's words about the last code tried (wrong, locked), if it refused one. */
  refusal: string | null;
  onConfirm: (code: string) => void;
  onBack: () => void;
}

/**
 * FINISH DROP OFF of a delivery asked for with a code: the buyer's four digits on a number pad,
 * then Confirm. The code is checked by the server (also when it is sent later from the outbox).
 */
export function DropOffPanel({ refusal, onConfirm, onBack }: DropOffPanelProps) {
  const [code, setCode] = useState('');
  const { problem, require } = useFormCheck();
  const message = problem || refusal;
  return (
    <Form
      className="nav-panel"
      aria-label="Handover code"
      onSubmit={() => {
        if (require(HANDOVER_CODE_PATTERN.test(code), CODE_REQUIRED)) onConfirm(code);
      }}
    >
      <label htmlFor="handover-code-entry" className="nav-panel-title">
        Buyer&apos;s handover code
      </label>
      <p id="handover-code-hint" className="nav-panel-hint">
        Ask the buyer for the 4-digit code on their Order Status.
      </p>
      <HandoverCodeInput
        id="handover-code-entry"
        className="nav-code-input"
        value={code}
        onValue={setCode}
        problem={Boolean(message)}
        hintId="handover-code-hint"
        problemId="handover-code-problem"
      />
      <FormAlert id="handover-code-problem">{message}</FormAlert>
      <Button type="submit" size="large" block>
        Confirm drop off
      </Button>
      <Button size="large" variant="outline" block onClick={onBack}>
        Back
      </Button>
    </Form>
  );
}
