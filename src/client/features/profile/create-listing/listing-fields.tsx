import { CONDITIONS } from '#shared/constants.js';

interface FieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** The price box both listing forms share: text, so a phone shows the decimal keypad. */
export function PriceField({ id, value, onChange, invalid, describedBy }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>Price ($)</label>
      <input
        id={id}
        inputMode="decimal"
        value={value}
        required
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The condition choice both listing forms share (spec section 9). */
export function ConditionField({ id, value, onChange, invalid, describedBy }: FieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>Condition</label>
      <select
        id={id}
        value={value}
        required
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose a condition</option>
        {CONDITIONS.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
    </div>
  );
}
