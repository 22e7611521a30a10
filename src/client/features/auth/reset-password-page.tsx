import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IDENTITY_PAGES } from '#shared/identity.js';
import { LIMITS } from '#shared/constants.js';
import { FormControls } from '#client/components/ui/form-controls.js';
import { ApiError } from '#client/lib/api.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { confirmPasswordReset, failureMessage } from './auth-api';
import { AuthLayout } from './auth-layout';

/** The page a reset mail links to: choose a new password with the link's token. */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [linkDead, setLinkDead] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!password || !confirmPassword) return setError('Please fill in all fields.');
    if (password !== confirmPassword) return setError("Passwords don't match");
    setError('');
    setBusy(true);
    try {
      setDone((await confirmPasswordReset({ token, password, confirmPassword })).message);
    } catch (err) {
      setError(failureMessage(err, 'Could not change the password. Please try again.'));
      setLinkDead(err instanceof ApiError && err.status === 422);
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <AuthLayout title="Choose a new password">
        <p className="form-error" role="alert">
          This page opens from the link in a password reset e-mail.
        </p>
        <p className="auth-switch">
          <Link to={IDENTITY_PAGES.forgotPassword}>Ask for a reset link</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password">
      {done ? (
        <>
          <p className="form-success" role="status">
            {done}
          </p>
          <p className="auth-switch">
            <Link to="/login" className="btn btn-block">
              Login
            </Link>
          </p>
        </>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <FormControls>
            <div className="field">
              <label htmlFor="reset-password">New password</label>
              <input
                id="reset-password"
                type="password"
                autoComplete="new-password"
                maxLength={LIMITS.passwordMax}
                required
                aria-describedby="reset-password-hint"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <span id="reset-password-hint" className="field-hint">
                At least {LIMITS.passwordMin} characters
              </span>
            </div>
            <div className="field">
              <label htmlFor="reset-confirm">Confirm new password</label>
              <input
                id="reset-confirm"
                type="password"
                autoComplete="new-password"
                maxLength={LIMITS.passwordMax}
                required
                value={confirmPassword}
                onChange={(e) => setConfirmPassword(e.target.value)}
              />
            </div>
            {error && (
              <p className="form-error" role="alert">
                {error}
              </p>
            )}
            {linkDead && (
              <p>
                <Link to={IDENTITY_PAGES.forgotPassword}>Ask for a new link</Link>
              </p>
            )}
            <button type="submit" className="btn btn-block" disabled={busy}>
              {busy ? 'Saving…' : 'Set new password'}
            </button>
          </FormControls>
        </form>
      )}
    </AuthLayout>
  );
}
