import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LIMITS } from '#shared/constants.js';
import { IDENTITY_PAGES } from '#shared/identity.js';
import { FormAlert, SubmitButton, TextField } from '#client/components/ui/fields.js';
import { FormControls } from '#client/components/ui/form-controls.js';
import { ApiError } from '#client/lib/api.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { confirmPasswordReset, failureMessage } from './auth-api';
import { AuthLayout } from './auth-layout';

const TITLE = 'Choose a new password';

/** The page a reset mail links to: choose a new password with the link's token. */
export function ResetPasswordPage() {
  useDocumentTitle(TITLE);
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
    const problem =
      !password || !confirmPassword
        ? 'Please fill in all fields.'
        : password !== confirmPassword
          ? "Passwords don't match"
          : '';
    setError(problem);
    if (problem) return;
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
      <AuthLayout title={TITLE}>
        <FormAlert>This page opens from the link in a password reset e-mail.</FormAlert>
        <p className="auth-switch">
          <Link to={IDENTITY_PAGES.forgotPassword}>Ask for a reset link</Link>
        </p>
      </AuthLayout>
    );
  }
  if (done) {
    return (
      <AuthLayout title={TITLE}>
        <p className="form-success" role="status">
          {done}
        </p>
        <p className="auth-switch">
          <Link to="/login" className="btn btn-block">
            Login
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={TITLE}>
      <form className="form" onSubmit={submit} noValidate>
        <FormControls>
          <div className="field">
            <TextField
              id="reset-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              required
              describedBy="reset-password-hint"
              value={password}
              onValue={setPassword}
            />
            <span id="reset-password-hint" className="field-hint">
              At least {LIMITS.passwordMin} characters
            </span>
          </div>
          <TextField
            id="reset-confirm"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            required
            value={confirmPassword}
            onValue={setConfirmPassword}
          />
          <FormAlert>{error}</FormAlert>
          {linkDead && (
            <p>
              <Link to={IDENTITY_PAGES.forgotPassword}>Ask for a new link</Link>
            </p>
          )}
          <SubmitButton busy={busy} busyText="Saving…" className="btn btn-block">
            Set new password
          </SubmitButton>
        </FormControls>
      </form>
    </AuthLayout>
  );
}
