/**
 * The browser side of the session: `user` and `sessionExpiry` in
 * localStorage, 30 minutes after sign-in, cleared when expired. The httpOnly cookie is the
 * real credential; this copy lets the UI render signed-in screens (also offline).
 */
import { useSyncExternalStore } from 'react';
import { SESSION_MS } from '#shared/constants.js';
import { OUTBOX } from '#shared/outbox-names.js';
import type { SessionUser } from '#shared/schemas/accounts.js';

const USER_KEY = 'user';
const EXPIRY_KEY = 'sessionExpiry';
const listeners = new Set<() => void>();
/** Set by `read` the first time it finds a user (useSignedInOnce). */
let seenSignedIn = false;
let cached: { raw: string | null; expiry: string | null; user: SessionUser | null } = {
  raw: null,
  expiry: null,
  user: null,
};

function emit() {
  for (const listener of listeners) listener();
}

function read(): SessionUser | null {
  const raw = localStorage.getItem(USER_KEY);
  const expiry = localStorage.getItem(EXPIRY_KEY);
  if (raw === cached.raw && expiry === cached.expiry) return cached.user;
  let user: SessionUser | null = null;
  if (raw && expiry && Number(expiry) > Date.now()) {
    try {
      user = JSON.parse(raw) as SessionUser;
    } catch {
      user = null;
    }
  } else if (raw || expiry) {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(EXPIRY_KEY);
  }
  cached = { raw: localStorage.getItem(USER_KEY), expiry: localStorage.getItem(EXPIRY_KEY), user };
  if (user) seenSignedIn = true;
  return user;
}

export function getSessionUser(): SessionUser | null {
  return read();
}

export function getSessionExpiry(): number | null {
  const expiry = Number(localStorage.getItem(EXPIRY_KEY));
  return expiry > Date.now() ? expiry : null;
}

/** Stores the user at sign-in; `expiresAt` is the server's expiry when known. */
export function storeSession(user: SessionUser, expiresAt: number = Date.now() + SESSION_MS): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(EXPIRY_KEY, String(expiresAt));
  emit();
}

/** Updates the stored user (e.g. after becoming a courier) without moving the expiry. */
export function updateSessionUser(user: SessionUser): void {
  if (!getSessionUser()) return;
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit();
}

/** The server says the session is gone (401): forget the stored user, keep other storage. */
export function expireSession(): void {
  if (localStorage.getItem(USER_KEY) === null && localStorage.getItem(EXPIRY_KEY) === null) return;
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(EXPIRY_KEY);
  emit();
}

/**
 * Spec: sign out clears all storage. Only a courier's status changes not yet in the outbox
 * stay, as the outbox itself does: they belong to that courier and are sent only for them.
 */
export function clearSession(): void {
  const unsent = localStorage.getItem(OUTBOX.journal);
  localStorage.clear();
  if (unsent !== null) localStorage.setItem(OUTBOX.journal, unsent);
  sessionStorage.clear();
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === USER_KEY || e.key === EXPIRY_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  // Expire on time even if nothing else happens.
  const timer = window.setInterval(listener, 30_000);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    window.clearInterval(timer);
  };
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/**
 * True once someone has been signed in in this tab, and from then on: the courier outbox and
 * live updates start with the first sign-in, and an expiry keeps the outbox (and its "sign in
 * to sync") on screen. Visitors who never sign in never load that code.
 */
export function useSignedInOnce(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => read() !== null || seenSignedIn,
    () => false,
  );
}
