import { HANDOVER_CODE_LENGTH } from '#shared/handover.js';

/**
 * The buyer's handover code as the courier or the seller types it: the phone's number pad and
 * its one-time-code fill, digits only, no more than the code has. Described by its hint, and by
 * its problem while there is one.
 */
export function HandoverCodeInput({
  id,
  className,
  value,
  onValue,
  problem,
  hintId,
  problemId,
  disabled,
}: {
  id: string;
  className: string;
  value: string;
  onValue: (code: string) => void;
  /** Whether a problem is shown (`problemId`'s). */
  problem: boolean;
  hintId: string;
  problemId: string;
  disabled?: boolean;
}) {
  return (
    <input
      id={id}
      className={className}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      enterKeyHint="done"
      maxLength={HANDOVER_CODE_LENGTH}
      value={value}
      disabled={disabled}
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
      onChange={(e) => onValue(e.target.value.replace(/\D/g, '').slice(0, HANDOVER_CODE_LENGTH))}
    />
  );
}
