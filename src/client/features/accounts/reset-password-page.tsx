import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LIMITS } from '#shared/constants.js';
import { IDENTITY_PAGES } from '#shared/identity.js';
import { FormAlert, PasswordField } from '#client/components/ui/fields.js';
import { ApiError } from '#client/lib/api.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { confirmPasswordReset } from './api/auth-api';
import { AuthForm, AuthLayout } from './components/auth-layout';
import { useAccountCall } from './hooks/use-account-call';

const TITLE = 'Choose a new password';

/** The page a reset mail links to: choose a new password with the link's token. */
export function ResetPasswordPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [done, setDone] = useState('');
  const [linkDead, setLinkDead] = useState(false);
  const { error, setError, busy, send } = useAccountCall({
    call: confirmPasswordReset,
    failure: 'Could not change the password. Please try again.',
    then: (answer) => setDone(answer.message),
    onFailure: (_message, err) => setLinkDead(err instanceof ApiError && err.status === 422),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem =
      !password || !confirmPassword
        ? 'Please fill in all fields.'
        : password !== confirmPassword
          ? "Passwords don't match"
          : '';
    if (problem) {
      setError(problem);
      return;
    }
    await send({ token, password, confirmPassword });
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
      <AuthForm
        onSubmit={submit}
        error={error}
        remedy={
          linkDead && (
            <p>
              <Link to={IDENTITY_PAGES.forgotPassword}>Ask for a new link</Link>
            </p>
          )
        }
        busy={busy}
        busyText="Saving…"
        submitLabel="Set new password"
      >
        <PasswordField
          id="reset-password"
          label="New password"
          autoComplete="new-password"
          hint={`At least ${LIMITS.passwordMin} characters`}
          value={password}
          onValue={setPassword}
        />
        <PasswordField
          id="reset-confirm"
          label="Confirm new password"
          autoComplete="new-password"
          value={confirmPassword}
          onValue={setConfirmPassword}
        />
      </AuthForm>
    </AuthLayout>
  );
}
