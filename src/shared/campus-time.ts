/**
 * Dates are written in the campus's time zone (CAMPUS_TIME_ZONE), on the server and in every
 * browser alike: a server-rendered page then hydrates without a mismatch, wherever the phone is
 * set to, and everyone on campus reads the same day.
 */
export const DEFAULT_CAMPUS_TIME_ZONE = 'America/Los_Angeles';

/** The attribute of <html> that names the zone in pages the server sends. */
export const TIME_ZONE_ATTRIBUTE = 'data-time-zone';

/** The zone's canonical IANA name (`america/los_angeles` → `America/Los_Angeles`), or null. */
export function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
