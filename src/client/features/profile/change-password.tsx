import { useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import { useChangePassword } from './profile-api';

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

  if (!open) {
    return (
      <div className="section">
        {change.isSuccess && (
          <p className="form-success" role="status">
            {change.data.message}
          </p>
        )}
        <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
          Change password
        </button>
      </div>
    );
  }
  const error = problem || (change.isError ? change.error.message : '');
  return (
    <section className="section card page-narrow" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <form className="form" onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <div className="field" key={field.name}>
            <label htmlFor={`change-${field.name}`}>{field.label}</label>
            <input
              id={`change-${field.name}`}
              type="password"
              autoComplete={field.autoComplete}
              maxLength={LIMITS.passwordMax}
              required
              value={form[field.name]}
              onChange={(e) => setForm({ ...form, [field.name]: e.target.value })}
            />
            {field.name === 'password' && (
              <span className="field-hint">At least {LIMITS.passwordMin} characters</span>
            )}
          </div>
        ))}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {change.isSuccess && (
          <p className="form-success" role="status">
            {change.data.message}
          </p>
        )}
        <div className="btn-row">
          <button type="submit" className="btn" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              setOpen(false);
              setForm(EMPTY);
              setProblem('');
            }}
          >
            Close
          </button>
        </div>
      </form>
    </section>
  );
}
