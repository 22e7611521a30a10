import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { SessionUser } from '#shared/schemas/users.js';
import { useSessionUser } from '#client/lib/session.js';

/**
 * What only a signed-in person can do. A visitor gets a link to /login that brings them back
 * here (the spec: visitors' controls lead to /login); a signed-in person gets `children`.
 */
export function SignInFirst({
  className,
  label,
  visitor,
  children,
}: {
  className: string;
  /** The link's name when `visitor` does not say it (an icon). */
  label?: string;
  visitor: ReactNode;
  children: (user: SessionUser) => ReactNode;
}) {
  const user = useSessionUser();
  const location = useLocation();
  if (user) return children(user);
  return (
    <Link
      className={className}
      to="/login"
      state={{ from: location.pathname + location.search }}
      aria-label={label}
    >
      {visitor}
    </Link>
  );
}
