import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LIMITS } from '#shared/constants.js';
import { CAMPUS_EMAIL_DOMAIN } from '#client/lib/campus.js';
import { TextField } from '#client/components/ui/fields.js';
import { showAlert } from '#client/lib/dialogs.js';
import { loginStateOf } from '#client/lib/login-reason.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { register } from './api/auth-api';
import { AuthForm, AuthLayout } from './components/auth-layout';
import { useSend } from './hooks/use-send';
import { checkRegister, EMPTY_REGISTER_FORM, type RegisterForm } from './register-rules';

type FieldName = Exclude<keyof RegisterForm, 'agreed'>;

const FIELDS: readonly {
  name: FieldName;
  label: string;
  type: string;
  autoComplete: string;
  maxLength: number;
  hint?: string;
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
    hint: 'Letters of one alphabet, digits, dot, dash and underscore',
  },
  {
    name: 'sfsu_email',
    label: 'SFSU Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: LIMITS.email,
    hint: `Your campus address, ending in @${CAMPUS_EMAIL_DOMAIN}`,
  },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    maxLength: LIMITS.passwordMax,
    hint: `At least ${LIMITS.passwordMin} characters`,
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
  // Sent here from the login page by a listing or a page: the profile offers the way back.
  const cameFrom = loginStateOf(useLocation().state);
  const [form, setForm] = useState<RegisterForm>(EMPTY_REGISTER_FORM);
  const { error, setError, busy, send } = useSend(
    'Register failed',
    (message) => void showAlert(message),
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const check = checkRegister(form);
    // Spec: the campus e-mail warning is alerted, and the submission goes on once it is read.
    if (check.warning) await showAlert(check.warning);
    if (check.error) {
      setError(check.error);
      await showAlert(check.error);
      return;
    }
    const sending = send(async () => {
      const { agreed: _agreed, ...body } = form;
      await register(body);
      await showAlert('Registered successfully!');
      await navigate('/RealUserProfile', { replace: true, state: cameFrom });
    });
    // The warning stays on screen while the account is created (a failure replaces it).
    if (check.warning) setError(check.warning);
    await sending;
  };

  return (
    <AuthLayout title="Register">
      <AuthForm
        onSubmit={submit}
        error={error}
        busy={busy}
        busyText="Creating account…"
        submitLabel="Register"
      >
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            id={`register-${field.name}`}
            label={field.label}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={field.maxLength}
            required
            hint={field.hint}
            value={form[field.name]}
            onValue={(value) => setForm({ ...form, [field.name]: value })}
          />
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
      </AuthForm>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthLayout>
  );
}
