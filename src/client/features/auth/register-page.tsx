import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LIMITS } from '#shared/constants.js';
import { CAMPUS_EMAIL_DOMAIN } from '#client/lib/campus.js';
import { FormControls } from '#client/components/ui/form-controls.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { failureMessage, register } from './auth-api';
import { AuthLayout } from './auth-layout';
import { checkRegister, EMPTY_REGISTER_FORM, type RegisterForm } from './register-rules';

type TextField = Exclude<keyof RegisterForm, 'agreed'>;

const FIELDS: readonly {
  name: TextField;
  label: string;
  type: string;
  autoComplete: string;
  maxLength: number;
}[] = [
  {
    name: 'firstName',
    label: 'First Name',
    type: 'text',
    autoComplete: 'given-name',
    maxLength: LIMITS.name,
  },
  {
    name: 'lastName',
    label: 'Last Name',
    type: 'text',
    autoComplete: 'family-name',
    maxLength: LIMITS.name,
  },
  {
    name: 'username',
    label: 'Username',
    type: 'text',
    autoComplete: 'username',
    maxLength: LIMITS.username,
  },
  {
    name: 'sfsu_email',
    label: 'SFSU Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: LIMITS.email,
  },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
  {
    name: 'confirmPassword',
    label: 'Confirm Password',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
  },
];

export function RegisterPage() {
  useDocumentTitle('Register');
  const navigate = useNavigate();
  const [form, setForm] = useState<RegisterForm>(EMPTY_REGISTER_FORM);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const check = checkRegister(form);
    if (check.warning) window.alert(check.warning);
    if (check.error) {
      setError(check.error);
      window.alert(check.error);
      return;
    }
    setError(check.warning ?? '');
    setBusy(true);
    try {
      const { agreed: _agreed, ...body } = form;
      await register(body);
      window.alert('Registered successfully!');
      await navigate('/RealUserProfile', { replace: true });
    } catch (err) {
      const message = failureMessage(err, 'Register failed');
      setError(message);
      window.alert(message);
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Register">
      <form className="form" onSubmit={submit} noValidate>
        <FormControls>
          {FIELDS.map((field) => (
            <div className="field" key={field.name}>
              <label htmlFor={`register-${field.name}`}>{field.label}</label>
              <input
                id={`register-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                maxLength={field.maxLength}
                required
                aria-describedby={
                  field.name === 'sfsu_email'
                    ? 'register-email-hint'
                    : field.name === 'password'
                      ? 'register-password-hint'
                      : undefined
                }
                value={form[field.name]}
                onChange={(e) => setForm({ ...form, [field.name]: e.target.value })}
              />
              {field.name === 'sfsu_email' && (
                <span id="register-email-hint" className="field-hint">
                  Your campus address, ending in @{CAMPUS_EMAIL_DOMAIN}
                </span>
              )}
              {field.name === 'password' && (
                <span id="register-password-hint" className="field-hint">
                  At least {LIMITS.passwordMin} characters
                </span>
              )}
            </div>
          ))}
          <div className="check">
            <input
              id="register-agree"
              type="checkbox"
              checked={form.agreed}
              onChange={(e) => setForm({ ...form, agreed: e.target.checked })}
            />
            <label htmlFor="register-agree">
              I agree to the{' '}
              <Link to="/terms-of-service" target="_blank" rel="noopener">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/user-agreement" target="_blank" rel="noopener">
                User Agreement
              </Link>
              <span className="visually-hidden"> (links open in a new tab)</span>
            </label>
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-block" disabled={busy}>
            {busy ? 'Creating account…' : 'Register'}
          </button>
        </FormControls>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthLayout>
  );
}
