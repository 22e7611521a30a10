import { useState } from 'react';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { FormAlert, TextField } from '#client/components/ui/fields.js';
import { useResendVerification, useVerifyEmail } from '#client/lib/email-verification.js';
import { useEmailVerificationRequired } from '#client/lib/queries/config.js';
import '../verify-email-banner.css';
import { Button } from '#client/components/ui/button.js';

/**
 * Until the campus e-mail is confirmed, the profile asks for the mailed code: the account may
 * look around, but not list, message, ask for or carry deliveries, or review.
 */
export function VerifyEmailBanner({ user }: { user: SessionUser }) {
  // Only an unverified account needs to know whether verification is asked for.
  const required = useEmailVerificationRequired({ enabled: user.email_verified === 0 });
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const [code, setCode] = useState('');

  if (verify.isSuccess) {
    return (
      <p className="form-success section" role="status">
        {verify.data.message}
      </p>
    );
  }
  if (!required || user.email_verified !== 0) return null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    resend.reset();
    verify.mutate(code.replace(/\s+/g, ''));
  };

  return (
    <section className="verify-banner section" aria-labelledby="verify-title">
      <h2 id="verify-title">Confirm your campus e-mail</h2>
      <p>
        We sent a 6-digit code to <strong>{user.sfsu_email}</strong>. Enter it to list items,
        message sellers, ask for deliveries, write reviews and carry deliveries.
      </p>
      <form className="verify-form" onSubmit={submit} noValidate>
        <TextField
          id="verify-code"
          label="Code from the e-mail"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          invalid={verify.isError}
          describedBy={verify.isError ? 'verify-error' : undefined}
          value={code}
          onValue={setCode}
        />
        <Button type="submit" disabled={verify.isPending || code.trim() === ''}>
          {verify.isPending ? 'Checking…' : 'Verify'}
        </Button>
      </form>
      <FormAlert id="verify-error">{verify.isError && verify.error.message}</FormAlert>
      <p className="verify-again">
        No mail? Look in the spam folder, or{' '}
        <Button
          variant="outline"
          disabled={resend.isPending}
          onClick={() => {
            verify.reset();
            resend.mutate();
          }}
        >
          {resend.isPending ? 'Sending…' : 'Send again'}
        </Button>
      </p>
      {resend.isSuccess && (
        <p className="form-success" role="status">
          {resend.data.message}
        </p>
      )}
      <FormAlert>{resend.isError && resend.error.message}</FormAlert>
    </section>
  );
}
