import { useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import { FormAlert, SubmitButton, TextField } from '#client/components/ui/fields.js';
import { useChangePassword } from '../api/profile-api';
import { Button } from '#client/components/ui/button.js';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'password', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/** Change password: the current one is required, and every other device is signed out. */
export function ChangePassword() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState('');
  const change = useChangePassword();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const check = Object.values(form).some((v) => v === '')
      ? 'Please fill in all fields.'
      : form.password !== form.confirmPassword
        ? "Passwords don't match"
        : '';
    setProblem(check);
    if (!check) change.mutate(form, { onSuccess: () => setForm(EMPTY) });
  };
  const done = change.isSuccess && (
    <p className="form-success" role="status">
      {change.data.message}
    </p>
  );

  if (!open) {
    return (
      <div className="section">
        {done}
        <Button variant="outline" onClick={() => setOpen(true)}>
          Change password
        </Button>
      </div>
    );
  }
  return (
    <section className="section card page-narrow" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <form className="form" onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`change-${field.name}`}
            label={field.label}
            type="password"
            autoComplete={field.autoComplete}
            maxLength={LIMITS.passwordMax}
            required
            value={form[field.name]}
            onValue={(value) => setForm({ ...form, [field.name]: value })}
          />
        ))}
        <p className="field-hint">New password: at least {LIMITS.passwordMin} characters.</p>
        <FormAlert>{problem || (change.isError ? change.error.message : '')}</FormAlert>
        {done}
        <div className="btn-row">
          <SubmitButton busy={change.isPending} busyText="Changing…">
            Change password
          </SubmitButton>
          <Button
            variant="outline"
            onClick={() => {
              setOpen(false);
              setForm(EMPTY);
              setProblem('');
            }}
          >
            Close
          </Button>
        </div>
      </form>
    </section>
  );
}
