import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { IDENTITY_PAGES } from '#shared/identity.js';
import { FormControls } from '#client/components/ui/form-controls.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { failureMessage, login } from './auth-api';
import { AuthLayout } from './auth-layout';

/** Where to go after signing in: back where the visitor came from, never off-site. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export function LoginPage() {
  useDocumentTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter your email and password.');
      return;
    }
    setError('');
    setBusy(true);
    try {
      await login({ email: email.trim(), password });
      window.alert('Logged in!');
      await navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      const message = failureMessage(err, 'Login failed');
      setError(message);
      window.alert(message);
      setBusy(false);
    }
  };

  return (
    <AuthLayout title="Login">
      <form className="form" onSubmit={submit} noValidate>
        <FormControls>
          <div className="field">
            <label htmlFor="login-email">Email</label>
            <input
              id="login-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input
              id="login-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Link to={IDENTITY_PAGES.forgotPassword} className="auth-forgot">
              Forgot password?
            </Link>
          </div>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-block" disabled={busy}>
            {busy ? 'Signing in…' : 'Login'}
          </button>
        </FormControls>
      </form>
      <p className="auth-switch">
        New to Gator Market? <Link to="/register">Create an account</Link>
      </p>
    </AuthLayout>
  );
}
