/**
 * Why a screen sent someone to /login, and where they return after signing in: the state a
 * navigation to /login carries. The login page says the reason, so nobody wonders why a tap on
 * Send opened a sign-in form.
 */
export type LoginReason = 'message' | 'delivery' | 'review' | 'page';

export interface LoginState {
  /** The address to come back to (same origin, a path). */
  from: string;
  reason?: LoginReason;
}

export const LOGIN_REASONS: Record<LoginReason, string> = {
  message:
    'Sign in to send your message to the seller. It is kept: you find it in the message box when you come back.',
  delivery: 'Sign in to have this item delivered: you come back to the listing after.',
  review: 'Sign in to review this seller: you come back to the listing after.',
  page: 'Sign in to see this page: it opens once you are signed in.',
};

/** The state of a navigation to /login, read back on the login page. */
export function readLoginState(state: unknown): { from: string; reason: string | null } {
  const { from, reason } = (state ?? {}) as Partial<Record<keyof LoginState, unknown>>;
  return {
    // Back where the person came from, never off-site.
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/',
    reason:
      typeof reason === 'string' && Object.hasOwn(LOGIN_REASONS, reason)
        ? LOGIN_REASONS[reason as LoginReason]
        : null,
  };
}
