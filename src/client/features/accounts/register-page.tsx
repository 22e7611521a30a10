import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LIMITS } from '#shared/constants.js';
import { campusEmailDomain } from '#client/lib/campus.js';
import { TextField } from '#client/components/ui/fields.js';
import { showAlert } from '#client/lib/dialogs.js';
import { loginStateOf } from '#client/lib/login-reason.js';
import { useDocumentTitle, usePageMeta } from '#client/lib/use-document-title.js';
import { register } from './api/auth-api';
import { AuthForm, AuthLayout } from './components/auth-layout';
import { useAccountCall } from './hooks/use-account-call';
import {
  checkRegister,
  EMPTY_REGISTER_FORM,
  MESSAGES,
  missingFields,
  type RegisterField,
  type RegisterForm,
} from './register-rules';

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
    hint: `Your campus address, ending in @${campusEmailDomain()}`,
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
  // A form, not content: search engines may read it but leave it out of their results.
  usePageMeta({ noindex: true });
  const navigate = useNavigate();
  // Sent here from the login page by a listing or a page: the profile offers the way back.
  const cameFrom = loginStateOf(useLocation().state);
  const [form, setForm] = useState<RegisterForm>(EMPTY_REGISTER_FORM);
  // Marked on a submit that found them missing; a field leaves the list once filled in.
  const [missing, setMissing] = useState<readonly RegisterField[]>([]);
  const change = (name: RegisterField, value: string | boolean) => {
    setForm({ ...form, [name]: value });
    if (value !== '' && value !== false) setMissing(missing.filter((m) => m !== name));
  };
  const marked = (name: RegisterField) => missing.includes(name);
  const { error, setError, busy, send } = useAccountCall({
    call: register,
    failure: 'Register failed',
    then: async () => {
      await showAlert('Registered successfully!');
      await navigate('/RealUserProfile', { replace: true, state: cameFrom });
    },
    onFailure: (message) => void showAlert(message),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const check = checkRegister(form);
    // Every empty field, and the Terms box once the fields are done or it is what stops us.
    const empty = missingFields(form).filter(
      (name) =>
        name !== 'agreed' || check.error === MESSAGES.required || check.error === MESSAGES.terms,
    );
    setMissing(check.error === MESSAGES.required || check.error === MESSAGES.terms ? empty : []);
    // Spec: the campus e-mail warning is alerted, and the submission goes on once it is read.
    if (check.warning) await showAlert(check.warning);
    if (check.error) {
      setError(check.error);
      await showAlert(check.error);
      // Once the alert is read, the first field to fill in takes the focus.
      const first = check.error === MESSAGES.required ? empty[0] : 'agreed';
      if (check.error === MESSAGES.required || check.error === MESSAGES.terms)
        document
          .getElementById(first === 'agreed' ? 'register-agree' : `register-${first}`)
          ?.focus();
      return;
    }
    const { agreed: _agreed, ...body } = form;
    const sending = send(body);
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
            invalid={marked(field.name)}
            describedBy={marked(field.name) ? `register-${field.name}-error` : undefined}
            onValue={(value) => change(field.name, value)}
          >
            {marked(field.name) && (
              <p id={`register-${field.name}-error`} className="field-error">
                Please enter your {field.label}.
              </p>
            )}
          </TextField>
        ))}
        <div className="check">
          <input
            id="register-agree"
            type="checkbox"
            checked={form.agreed}
            aria-invalid={marked('agreed') || undefined}
            aria-describedby={marked('agreed') ? 'register-agreed-error' : undefined}
            onChange={(e) => change('agreed', e.target.checked)}
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
        {marked('agreed') && (
          <p id="register-agreed-error" className="field-error">
            {MESSAGES.terms}
          </p>
        )}
      </AuthForm>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthLayout>
  );
}
