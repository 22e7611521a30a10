import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { useVerifyEmail } from '#client/lib/email-verification.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { AuthLayout } from './components/auth-layout';

/**
 * The page the verification mail links to (/verify-email?code=...): it sends the code at once.
 * A visitor signs in first and comes back here, code and all.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify e-mail');
  return <RequireUser>{(user) => <VerifyFromLink user={user} />}</RequireUser>;
}

function VerifyFromLink({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const verify = useVerifyEmail();
  const sent = useRef(false);
  const alreadyVerified = user.email_verified === 1 && verify.isIdle;

  useEffect(() => {
    if (sent.current || !code || user.email_verified === 1) return;
    sent.current = true;
    verify.mutate(code);
  }, [code, user.email_verified, verify]);

  const verified = alreadyVerified || verify.isSuccess;
  return (
    <AuthLayout title="Verify your campus e-mail">
      {verified && (
        <p className="form-success" role="status">
          {verify.data?.message ?? 'Your campus e-mail is verified.'}
        </p>
      )}
      {verify.isPending && <p role="status">Checking your code…</p>}
      {verify.isError && (
        <p className="form-error" role="alert">
          {verify.error.message}
        </p>
      )}
      {!code && !verified && (
        <p className="form-error" role="alert">
          This link has no code. Enter the code from the e-mail on your profile page.
        </p>
      )}
      <p className="auth-switch">
        <Link to="/RealUserProfile" className={verified ? 'btn btn-block' : undefined}>
          {verified ? 'Go to your profile' : 'Back to your profile, to get a new code'}
        </Link>
      </p>
    </AuthLayout>
  );
}
