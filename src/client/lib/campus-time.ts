import {
  canonicalTimeZone,
  DEFAULT_CAMPUS_TIME_ZONE,
  TIME_ZONE_ATTRIBUTE,
} from '#shared/campus-time.js';

/*
 * The time zone dates are written in: the campus's, named by the server (CAMPUS_TIME_ZONE), so a
 * server-rendered date and the browser's first render of it agree (docs/decisions/013).
 */
let zone = DEFAULT_CAMPUS_TIME_ZONE;
let dates: Intl.DateTimeFormat | undefined;

/** Later dates are written in `name`'s time zone; a name that is no zone is ignored. */
export function setCampusTimeZone(name: string): void {
  // The zone already in use (nearly always the default): nothing to check. Checking builds a
  // date formatter, whose first one costs a phone tens of milliseconds of ICU set-up, and every
  // page start names its zone (adoptPageTimeZone), on screens that may show no date at all.
  if (name === zone) return;
  const canonical = canonicalTimeZone(name);
  if (!canonical || canonical === zone) return;
  zone = canonical;
  dates = undefined;
}

/** The campus's time zone (an IANA name): times people pick are the campus's wall clock. */
export function campusTimeZone(): string {
  return zone;
}

/** The date of `date` on campus, M/D/YYYY (en-US's numeric date). */
export function campusDate(date: Date): string {
  return campusDates().format(date);
}

function campusDates(): Intl.DateTimeFormat {
  return (dates ??= new Intl.DateTimeFormat('en-US', { timeZone: zone }));
}

/**
 * Builds the campus date formatter now. The first date formatter a page builds costs a phone
 * tens of milliseconds (ICU's set-up); a screen that shows a date on every row calls this as its
 * code loads, so that cost is a short task of its own instead of part of rendering the list.
 */
export function prepareCampusDates(): void {
  campusDates();
}

let dateTimes: Intl.DateTimeFormat | undefined;
let dateTimesZone = '';

/** A day and time on campus, "Tue, Dec 15, 4:30 PM": until when an offer or a hold lasts. */
export function campusDateTime(date: Date): string {
  if (!dateTimes || dateTimesZone !== zone) {
    dateTimes = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    dateTimesZone = zone;
  }
  return dateTimes.format(date);
}

const SAVED_ZONE = 'campus-time-zone';

/**
 * Takes the zone the page names (pages from the server do), and remembers it for the app shell
 * the service worker serves, which names none.
 */
export function adoptPageTimeZone(): void {
  let name = document.documentElement.getAttribute(TIME_ZONE_ATTRIBUTE);
  try {
    if (name) localStorage.setItem(SAVED_ZONE, name);
    else name = localStorage.getItem(SAVED_ZONE);
  } catch {
    // Storage refused (a private window's quota): the page's zone or the default still holds.
  }
  if (name) setCampusTimeZone(name);
}

/**
 * The year on campus now. Away from New Year every zone has the UTC year, and the footer of
 * every page then needs no date formatter (its first use costs a phone a few milliseconds).
 */
export function campusYear(now = new Date()): string {
  const day = now.getUTCMonth() * 100 + now.getUTCDate();
  return day === 1 || day === 1131 ? campusDate(now).slice(-4) : String(now.getUTCFullYear());
}
