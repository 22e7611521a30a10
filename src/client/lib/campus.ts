/**
 * The campus e-mail domain the register form checks before submitting. The server enforces
 * its own configured domain (CAMPUS_EMAIL_DOMAIN); a build for another campus sets
 * VITE_CAMPUS_EMAIL_DOMAIN so the friendly client check agrees.
 */
export const CAMPUS_EMAIL_DOMAIN: string =
  (import.meta.env.VITE_CAMPUS_EMAIL_DOMAIN as string | undefined) ?? 'sfsu.edu';

export function isCampusEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${CAMPUS_EMAIL_DOMAIN}`);
}
