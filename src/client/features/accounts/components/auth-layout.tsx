import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { FormAlert, SubmitButton } from '#client/components/ui/fields.js';
import { FormControls } from '#client/components/ui/form-controls.js';
import '#client/features/accounts/auth.css';

/** The bare pages (no header): logo back to /, a card, the footer links. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <Link to="/" className="auth-logo">
          <img src="/icons/icon-192.png" alt="" width="48" height="48" />
          <span>
            Gator <span>Market</span>
          </span>
        </Link>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** An identity form: its fields, then its error (and what to do about it), then submit. */
export function AuthForm({
  onSubmit,
  error,
  errorId,
  remedy,
  busy,
  busyText,
  submitLabel,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  error: string;
  errorId?: string;
  /** Shown under the error: a way out of it. */
  remedy?: ReactNode;
  busy: boolean;
  busyText: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormControls>
        {children}
        <FormAlert id={errorId}>{error}</FormAlert>
        {remedy}
        <SubmitButton busy={busy} busyText={busyText} block>
          {submitLabel}
        </SubmitButton>
      </FormControls>
    </form>
  );
}
