import { CONDITIONS } from '#shared/constants.js';
import { SelectField, SubmitButton, TextField } from '#client/components/ui/fields.js';
import '#client/components/listing-form/listing-form.css';

interface FieldProps {
  id: string;
  value: string;
  onValue: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** The price box both listing forms share: text, so a phone shows the decimal keypad. */
export function PriceField(props: FieldProps) {
  return <TextField label="Price ($)" inputMode="decimal" required {...props} />;
}

/** The condition choice both listing forms share. */
export function ConditionField(props: FieldProps) {
  return (
    <SelectField
      label="Condition"
      placeholder="Choose a condition"
      options={CONDITIONS}
      {...props}
    />
  );
}

/** Back and Create Listing (or another action), the listing forms' last row. */
export function ListingFormButtons({
  busy,
  busyText,
  onBack,
  backText = 'Back',
  submitText = 'Create Listing',
}: {
  busy: boolean;
  busyText?: string;
  onBack: () => void;
  backText?: string;
  submitText?: string;
}) {
  return (
    <div className="btn-row">
      <button type="button" className="btn btn-outline" onClick={onBack} disabled={busy}>
        {backText}
      </button>
      <SubmitButton busy={busy} busyText={busyText}>
        {submitText}
      </SubmitButton>
    </div>
  );
}
