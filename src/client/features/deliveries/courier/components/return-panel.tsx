import { useState } from 'react';
import {
  PROOF_LIMITS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
} from '#shared/handover.js';
import { Form } from '#client/components/ui/fields.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { Button } from '#client/components/ui/button.js';

export const REASON_REQUIRED = 'Choose why the item goes back.';

interface ReturnPanelProps {
  pickup: string;
  onConfirm: (reason: ReturnReason, note: string) => void;
  onBack: () => void;
}

/** After pick-up: the item goes back to the pickup spot, and the courier says why. */
export function ReturnPanel({ pickup, onConfirm, onBack }: ReturnPanelProps) {
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [note, setNote] = useState('');
  const { problem, require, clear } = useFormCheck();
  return (
    <Form
      className="nav-panel"
      aria-label="Return the item"
      onSubmit={() => {
        if (require(reason, REASON_REQUIRED)) onConfirm(reason, note.trim());
      }}
    >
      <fieldset className="nav-reasons" aria-describedby={problem ? 'return-problem' : undefined}>
        <legend className="nav-panel-title">Why does the item go back to {pickup}?</legend>
        {RETURN_REASONS.map((value) => (
          <label key={value} className="nav-reason">
            <input
              type="radio"
              name="return-reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                clear();
              }}
            />
            {RETURN_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label htmlFor="return-note">Note for the buyer and the seller (optional)</label>
      <textarea
        id="return-note"
        rows={2}
        maxLength={PROOF_LIMITS.reason}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {problem && (
        <p id="return-problem" className="form-error" role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" size="large" variant="danger" block>
        Confirm return
      </Button>
      <Button size="large" variant="outline" block onClick={onBack}>
        Back
      </Button>
    </Form>
  );
}
