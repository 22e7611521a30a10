import { useState } from 'react';
import { HANDOVER_CODE_LENGTH, HANDOVER_CODE_PATTERN } from '#shared/handover.js';
import { Form } from '#client/components/ui/fields.js';
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
      <input
        id="handover-code-entry"
        className="nav-code-input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        enterKeyHint="done"
        maxLength={HANDOVER_CODE_LENGTH}
        value={code}
        aria-invalid={message ? true : undefined}
        aria-describedby={
          message ? 'handover-code-hint handover-code-problem' : 'handover-code-hint'
        }
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, HANDOVER_CODE_LENGTH))}
      />
      {message && (
        <p id="handover-code-problem" className="form-error" role="alert">
          {message}
        </p>
      )}
      <Button type="submit" size="large" block>
        Confirm drop off
      </Button>
      <Button size="large" variant="outline" block onClick={onBack}>
        Back
      </Button>
    </Form>
  );
}
