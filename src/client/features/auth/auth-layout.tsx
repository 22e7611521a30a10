import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '#client/features/auth/auth.css';

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
