/**
 * Why a screen sent someone to /login, and where they return after signing in: the state a
 * navigation to /login carries. The login page says the reason, so nobody wonders why a tap on
 * Send opened a sign-in form.
 */
export type LoginReason = 'message' | 'delivery' | 'review' | 'favorite' | 'search' | 'page';

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
  favorite: 'Sign in to keep this item among your favourites: you come back here after.',
  search: 'Sign in to save this search: you come back to it after.',
  page: 'Sign in to see this page: it opens once you are signed in.',
};

/**
 * What to say after registering (the spec sends a new account to its profile): the way back to
 * what the person was doing when they were sent to sign in.
 */
export const RETURN_LINKS: Record<LoginReason, { note: string; link: string }> = {
  message: {
    note: "Your message to the seller is kept in the listing's message box.",
    link: 'Back to the listing',
  },
  delivery: { note: 'The item you wanted delivered is one tap away.', link: 'Back to the listing' },
  review: { note: 'The seller you wanted to review is one tap away.', link: 'Back to the listing' },
  favorite: { note: 'The item you wanted to keep is one tap away.', link: 'Back to it' },
  search: { note: 'The search you wanted to save is one tap away.', link: 'Back to the search' },
  page: { note: 'The page you opened is one tap away.', link: 'Continue to that page' },
};

/** A navigation's state as a LoginState: only a same-origin path, and a known reason. */
export function loginStateOf(state: unknown): LoginState | null {
  const { from, reason } = (state ?? {}) as Partial<Record<keyof LoginState, unknown>>;
  // Back where the person came from, never off-site.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return typeof reason === 'string' && Object.hasOwn(LOGIN_REASONS, reason)
    ? { from, reason: reason as LoginReason }
    : { from };
}

/** The state of a navigation to /login, read back on the login page. */
export function readLoginState(state: unknown): { from: string; reason: string | null } {
  const read = loginStateOf(state);
  return {
    from: read?.from ?? '/',
    reason: read?.reason ? LOGIN_REASONS[read.reason] : null,
  };
}
