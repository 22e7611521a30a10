/**
 * A courier's record of their work ("My deliveries"): deliveries brought and returned per
 * campus day and week, the walking they took, and the ratings buyers gave, worked out from the
 * courier's own deliveries (GET /api/delivery_instruction/courier/{id}), which the app keeps
 * for offline use anyway.
 */
import { locationCoords } from './locations.js';
import { walkingEstimate } from './walking.js';

/** What the record reads of a delivery. */
export interface RecordedDelivery {
  delivery_id: number;
  delivery_status: string;
  pickup: string;
  dropoff: string;
  /** When it last moved: for a finished delivery, when it was finished. */
  updated_at: string;
  title?: string | null;
  delivery_rating: number | null;
  delivery_rating_comment?: string | null;
}

export interface RecordPeriod {
  /** The campus date (YYYY-MM-DD) of the day, or of the Monday that starts the week. */
  start: string;
  delivered: number;
  returned: number;
  /** Walking metres from pickup to drop-off of the items delivered. */
  walkedMeters: number;
}

export interface ReceivedRating {
  deliveryId: number;
  title: string;
  rating: number;
  comment: string;
  at: string;
}

export interface CourierRecord {
  /** The last 7 campus days, today first. */
  days: RecordPeriod[];
  /** The last 8 weeks (Monday to Sunday), this week first. */
  weeks: RecordPeriod[];
  /** Every delivery ever, in one period (its `start` is the first one's day, or today). */
  allTime: RecordPeriod;
  averageRating: number | null;
  /** Newest first. */
  ratings: ReceivedRating[];
}

export const RECORD_DAYS = 7;
export const RECORD_WEEKS = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One formatter per zone: building one costs a phone more than formatting many dates. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The campus date of `at` in `timeZone`, YYYY-MM-DD. */
export function campusDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** `day` (YYYY-MM-DD) moved by `days`, as calendar dates (no time zone involved). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of `day`'s week. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((weekday + 6) % 7));
}

const emptyPeriod = (start: string): RecordPeriod => ({
  start,
  delivered: 0,
  returned: 0,
  walkedMeters: 0,
});

/** The record of a courier's `deliveries` as of `now`, in the campus's `timeZone`. */
export function courierRecord(
  deliveries: readonly RecordedDelivery[],
  { now, timeZone }: { now: Date; timeZone: string },
): CourierRecord {
  const today = campusDay(now, timeZone);
  const thisWeek = mondayOf(today);
  const days = Array.from({ length: RECORD_DAYS }, (_, i) => emptyPeriod(addDays(today, -i)));
  const weeks = Array.from({ length: RECORD_WEEKS }, (_, i) =>
    emptyPeriod(addDays(thisWeek, -7 * i)),
  );
  const allTime = emptyPeriod(today);
  const ratings: ReceivedRating[] = [];

  for (const d of deliveries) {
    const delivered = d.delivery_status === 'Delivered';
    const returned = d.delivery_status === 'Returned';
    if (delivered || returned) {
      const day = campusDay(new Date(d.updated_at), timeZone);
      const walked = delivered
        ? walkingEstimate(locationCoords(d.pickup), locationCoords(d.dropoff)).meters
        : 0;
      const periods = [
        allTime,
        days.find((p) => p.start === day),
        weeks.find((p) => p.start === mondayOf(day)),
      ];
      for (const period of periods) {
        if (!period) continue;
        if (delivered) period.delivered += 1;
        else period.returned += 1;
        period.walkedMeters += walked;
      }
      if (day < allTime.start) allTime.start = day;
    }
    if (d.delivery_rating !== null) {
      ratings.push({
        deliveryId: d.delivery_id,
        title: d.title ?? '',
        rating: d.delivery_rating,
        comment: d.delivery_rating_comment ?? '',
        at: d.updated_at,
      });
    }
  }
  ratings.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.deliveryId - a.deliveryId));
  const averageRating =
    ratings.length === 0
      ? null
      : Math.round((ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length) * 10) / 10;
  return { days, weeks, allTime, averageRating, ratings };
}
