import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import type { LoginReason, LoginState } from '#client/lib/login-reason.js';
import { useSessionUser } from '#client/lib/session.js';

/**
 * What only a signed-in person can do. A visitor gets a link to /login that brings them back
 * here (the spec: visitors' controls lead to /login), and the login page says why (`reason`);
 * a signed-in person gets `children`.
 */
export function SignInFirst({
  className,
  label,
  reason,
  visitor,
  children,
}: {
  className: string;
  /** The link's name when `visitor` does not say it (an icon). */
  label?: string;
  reason: LoginReason;
  visitor: ReactNode;
  children: (user: SessionUser) => ReactNode;
}) {
  const user = useSessionUser();
  const location = useLocation();
  if (user) return children(user);
  const state: LoginState = { from: location.pathname + location.search, reason };
  return (
    <Link className={className} to="/login" state={state} aria-label={label}>
      {visitor}
    </Link>
  );
}
