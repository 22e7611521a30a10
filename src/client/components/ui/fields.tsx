import type {
  ChangeEvent,
  FormHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  TextareaHTMLAttributes,
} from 'react';
import { LIMITS } from '#shared/constants.js';
import { Button, type ButtonProps } from './button';

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

/** What every control takes from its field: its id, its state for readers, its new value. */
function controlProps({ id, invalid, describedBy, hint, onValue }: FieldBase & OnValue) {
  return {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': descriptions(id, describedBy, hint),
    onChange: (e: ChangeEvent<{ value: string }>) => onValue(e.target.value),
  };
}

interface OnValue {
  onValue: (value: string) => void;
}

/** A field: its label, its control, the hint under it and anything that belongs to it. */
function Field({
  field,
  control,
  children,
}: {
  field: FieldBase;
  control: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{field.label}</label>
      {control}
      {field.hint ? (
        <span id={`${field.id}-hint`} className="field-hint">
          {field.hint}
        </span>
      ) : null}
      {children}
    </div>
  );
}

/** A field's own props apart from what its control takes as they are. */
function splitField<P extends FieldBase & OnValue>({
  id,
  label,
  invalid,
  describedBy,
  hint,
  onValue,
  ...rest
}: P) {
  return { field: { id, label, invalid, describedBy, hint }, onValue, rest };
}

export function TextField(
  props: FieldBase & OnValue & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>,
) {
  const {
    field,
    onValue,
    rest: { children, ...input },
  } = splitField(props);
  return (
    <Field field={field} control={<input {...controlProps({ ...field, onValue })} {...input} />}>
      {children}
    </Field>
  );
}

/** A password: hidden as it is typed, required, no longer than the product allows. */
export function PasswordField(
  props: Omit<Parameters<typeof TextField>[0], 'type' | 'required' | 'maxLength'>,
) {
  return <TextField type="password" maxLength={LIMITS.passwordMax} required {...props} />;
}

export function TextAreaField(
  props: FieldBase & OnValue & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'>,
) {
  const { field, onValue, rest } = splitField(props);
  return (
    <Field
      field={field}
      control={<textarea {...controlProps({ ...field, onValue })} {...rest} />}
    />
  );
}

/** A required choice among `options`, starting on an empty "Choose …" line. */
export function SelectField<T extends string | number>({
  value,
  onValue,
  placeholder,
  options,
  optionLabel = String,
  ...field
}: FieldBase &
  OnValue & {
    value: string;
    placeholder: string;
    options: readonly T[];
    optionLabel?: (option: T) => string;
  }) {
  return (
    <Field
      field={field}
      control={
        <select required value={value} {...controlProps({ ...field, onValue })}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      }
    />
  );
}

/**
 * A form the app checks itself (its own words, not the browser's bubbles) and sends without
 * leaving the page: `onSubmit` runs instead of the browser's submit.
 */
export function Form({
  onSubmit,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  onSubmit: () => void;
}) {
  return (
    <form
      noValidate
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    />
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

/**
 * A button that runs a mutation taking no input (outside a form): disabled, and saying what it
 * does, while it runs.
 */
export function MutationButton({
  mutation,
  busyText,
  children,
  variant = 'outline',
  ...props
}: Omit<ButtonProps, 'type' | 'disabled' | 'onClick'> & {
  mutation: { isPending: boolean; mutate: () => void };
  busyText: string;
}) {
  return (
    <Button
      {...props}
      variant={variant}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate()}
    >
      {mutation.isPending ? busyText : children}
    </Button>
  );
}

/** Submit, disabled and saying what it does ("Sending…") while the form is being sent. */
export function SubmitButton({
  busy,
  busyText,
  children,
  ...props
}: Omit<ButtonProps, 'type' | 'disabled'> & {
  busy: boolean;
  busyText?: string;
}) {
  return (
    <Button {...props} type="submit" disabled={busy}>
      {busy && busyText ? busyText : children}
    </Button>
  );
}
