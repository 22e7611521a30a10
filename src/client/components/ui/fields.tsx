import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

/*
 * The pieces every form of the app is made of: a labelled field, a choice, a text area, an
 * alert and a submit button that says what it is doing. One look, one way to mark a field
 * invalid and point at its message.
 */

interface FieldBase {
  id: string;
  label: ReactNode;
  invalid?: boolean;
  /** The id of the message that explains the problem, when there is one. */
  describedBy?: string;
  /** A standing note under the field (what it expects), read with it. */
  hint?: ReactNode;
}

/** The ids a field is described by: the problem's message, then its hint. */
function descriptions(id: string, describedBy?: string, hint?: ReactNode): string | undefined {
  const ids = [describedBy, hint ? `${id}-hint` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <span id={`${id}-hint`} className="field-hint">
      {children}
    </span>
  );
}

export function TextField({
  id,
  label,
  invalid,
  describedBy,
  hint,
  onValue,
  children,
  ...input
}: FieldBase &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & {
    onValue: (value: string) => void;
  }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={descriptions(id, describedBy, hint)}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
      <Hint id={id}>{hint}</Hint>
      {children}
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  invalid,
  describedBy,
  onValue,
  ...area
}: FieldBase &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> & {
    onValue: (value: string) => void;
  }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValue(e.target.value)}
        {...area}
      />
    </div>
  );
}

/** A required choice among `options`, starting on an empty "Choose …" line. */
export function SelectField<T extends string | number>({
  id,
  label,
  invalid,
  describedBy,
  value,
  onValue,
  placeholder,
  options,
  optionLabel = String,
}: FieldBase & {
  value: string;
  onValue: (value: string) => void;
  placeholder: string;
  options: readonly T[];
  optionLabel?: (option: T) => string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        required
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onValue(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A message about the form, read out when it appears; nothing when there is none. */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '')
    return null;
  return (
    <p id={id} className="form-error" role="alert">
      {children}
    </p>
  );
}

/** Submit, disabled and saying what it does ("Sending…") while the form is being sent. */
export function SubmitButton({
  busy,
  busyText,
  children,
  className = 'btn',
}: {
  busy: boolean;
  busyText?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy && busyText ? busyText : children}
    </button>
  );
}
