import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { IDENTITY_PAGES } from '#shared/identity.js';
import { TextField } from '#client/components/ui/fields.js';
import { showAlert } from '#client/lib/dialogs.js';
import { readLoginState } from '#client/lib/login-reason.js';
import { useDocumentTitle, usePageMeta } from '#client/lib/use-document-title.js';
import { login } from './api/auth-api';
import { AuthForm, AuthLayout } from './components/auth-layout';
import { useAccountCall } from './hooks/use-account-call';

export function LoginPage() {
  useDocumentTitle('Login');
  // A form, not content: search engines may read it but leave it out of their results.
  usePageMeta({ noindex: true });
  const navigate = useNavigate();
  const location = useLocation();
  // Where to go after signing in, and why this page opened (a tap on Send, a signed-in page).
  const { from, reason } = readLoginState(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { error, setError, busy, send } = useAccountCall({
    call: login,
    failure: 'Login failed',
    then: async () => {
      await showAlert('Logged in!');
      await navigate(from, { replace: true });
    },
    onFailure: (message) => void showAlert(message),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter your email and password.');
      return;
    }
    await send({ email: email.trim(), password });
  };

  return (
    <AuthLayout title="Login">
      {reason && <p className="auth-reason">{reason}</p>}
      <AuthForm
        onSubmit={submit}
        error={error}
        busy={busy}
        busyText="Signing in…"
        submitLabel="Login"
      >
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValue={setEmail}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
        >
          <Link to={IDENTITY_PAGES.forgotPassword} className="auth-forgot">
            Forgot password?
          </Link>
        </TextField>
      </AuthForm>
      <p className="auth-switch">
        New to Gator Market?{' '}
        {/* A new account comes back to what sent the person here, as signing in does. */}
        <Link to="/register" state={location.state}>
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
