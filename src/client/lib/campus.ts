/**
 * The campus e-mail domains the register form checks before submitting, from the campus in use
 * (its file's `emailDomains`; the server enforces its own, CAMPUS_EMAIL_DOMAIN overriding).
 */
import { campus } from '#shared/campus.js';

/** The domain forms name: the campus file's first. */
export function campusEmailDomain(): string {
  return campus().emailDomains[0]!;
}

export function isCampusEmail(email: string): boolean {
  const address = email.trim().toLowerCase();
  return campus().emailDomains.some((domain) => address.endsWith(`@${domain}`));
}
