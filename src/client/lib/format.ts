/** Display formats used on every screen. */
import { campusDate } from './campus-time';

/**
 * US dollars as en-US writes them ("$1,234.50"). Written out rather than with
 * Intl.NumberFormat, whose first use loads locale data for tens of milliseconds on a phone,
 * on the way to the first listing a visitor sees.
 */
export function formatPrice(price: number): string {
  const [whole = '0', cents = '00'] = Math.abs(price).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${price < 0 ? '-' : ''}$${grouped}.${cents}`;
}

/**
 * The price "was $X" names, while it shows: a week after a lowered price (the server's
 * `was_price_until`; a saved or cached answer may carry one that has passed).
 */
export function wasPrice(
  listing: { was_price?: number | null; was_price_until?: string | null },
  now = Date.now(),
): number | null {
  const until = listing.was_price_until;
  return listing.was_price != null && until && Date.parse(until) > now ? listing.was_price : null;
}

/**
 * Short US date, M/D/YYYY (spec: reviews show "a date in short US format"), the day it was on
 * campus: the server and every browser write the same (lib/campus-time.ts).
 */
export function shortUsDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return campusDate(date);
}

/** "5 min ago", "3 h ago", else the short date: for message lists. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const minutes = Math.round((now - then) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return shortUsDate(iso);
}
