import { useState } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '#shared/constants.js';
import { TextField } from '#client/components/ui/fields.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { requestPasswordReset } from './api/auth-api';
import { AuthForm, AuthLayout } from './components/auth-layout';
import { useAccountCall } from './hooks/use-account-call';

/** "Forgot password?": a link to choose a new password, mailed to the account's address. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState('');
  const { error, setError, busy, send } = useAccountCall({
    call: requestPasswordReset,
    failure: 'Could not send the link. Please try again.',
    then: (answer) => setSent(answer.message),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Please enter your email.');
      return;
    }
    await send({ email: email.trim() });
  };

  return (
    <AuthLayout title="Forgot password">
      {sent ? (
        <p className="form-success" role="status">
          {sent}
        </p>
      ) : (
        <AuthForm
          onSubmit={submit}
          error={error}
          errorId="forgot-error"
          busy={busy}
          busyText="Sending…"
          submitLabel="Send link"
        >
          <p className="auth-lead">
            Enter the e-mail of your account. We will mail you a link to choose a new password.
          </p>
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            required
            invalid={error !== ''}
            describedBy={error ? 'forgot-error' : undefined}
            value={email}
            onValue={setEmail}
          />
        </AuthForm>
      )}
      <p className="auth-switch">
        Remembered it? <Link to="/login">Login</Link>
      </p>
    </AuthLayout>
  );
}
