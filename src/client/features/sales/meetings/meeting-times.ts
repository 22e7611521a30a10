/**
 * The times a meeting can be set at, as people on campus read them: days and times on the
 * campus's clock (lib/campus-time.ts), whatever zone the phone is set to. Each choice is an
 * instant (ISO, UTC), so the server gets exactly the moment picked.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { HOUR_MS, MEETING_MAX_AHEAD_HOURS, MEETING_MIN_LEAD_MINUTES } from '#shared/sales.js';
import { campusDateTime, campusTimeZone } from '#client/lib/campus-time.js';

/** Meetings start on the quarter hour. */
const SLOT_MS = 15 * 60_000;
/** A minute beyond the server's least lead: a time picked still holds when sent a little later. */
const LEAD_MS = (MEETING_MIN_LEAD_MINUTES + 1) * 60_000;

export interface MeetingDay {
  /** The campus's calendar day, YYYY-MM-DD. */
  key: string;
  /** "Today", "Tomorrow" or "Thu, Dec 17". */
  label: string;
  /** The quarter hours of that day that can be picked (ISO instants). */
  slots: string[];
}

let shown: {
  zone: string;
  day: Intl.DateTimeFormat;
  key: Intl.DateTimeFormat;
  clock: Intl.DateTimeFormat;
};

function formats() {
  const zone = campusTimeZone();
  if (shown?.zone !== zone) {
    shown = {
      zone,
      day: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        weekday: 'short',
        month: 'short',
        day: 'numeric',
      }),
      key: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
      clock: new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hour: 'numeric',
        minute: '2-digit',
      }),
    };
  }
  return shown;
}

/** The campus's calendar day of `ms`, YYYY-MM-DD. */
function dayKey(ms: number): string {
  const parts = Object.fromEntries(
    formats()
      .key.formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The time of day on campus, "4:30 PM". */
export const campusClock = (iso: string) => formats().clock.format(Date.parse(iso));

/** A meeting's day and time on campus, "Tue, Dec 15, 4:30 PM". */
export const meetingWhen = (iso: string) => campusDateTime(new Date(iso));

/**
 * The days and quarter hours a meeting can be set at from `now`: from a few minutes ahead until
 * `until` (the hold's end: a meeting after it would be called off) and never beyond what the
 * server takes.
 */
export function meetingDays(now: number, until: number): MeetingDay[] {
  const last = Math.min(until, now + MEETING_MAX_AHEAD_HOURS * HOUR_MS);
  const today = dayKey(now);
  const tomorrow = dayKey(now + 24 * HOUR_MS);
  const days = new Map<string, MeetingDay>();
  for (let at = Math.ceil((now + LEAD_MS) / SLOT_MS) * SLOT_MS; at <= last; at += SLOT_MS) {
    const key = dayKey(at);
    let day = days.get(key);
    if (!day) {
      const label =
        key === today ? 'Today' : key === tomorrow ? 'Tomorrow' : formats().day.format(at);
      day = { key, label, slots: [] };
      days.set(key, day);
    }
    day.slots.push(new Date(at).toISOString());
  }
  return [...days.values()];
}

/** The campus day an instant falls on (for a form that starts on a meeting's time). */
export const dayOf = (iso: string) => dayKey(Date.parse(iso));

/** Whether the time `iso` has come; the component renders again when it does. */
export function useTimeReached(iso: string): boolean {
  const at = Date.parse(iso);
  const subscribe = useCallback(
    (changed: () => void) => {
      const left = at - Date.now();
      if (left <= 0) return () => {};
      // Timers wait at most about 24.8 days; meetings are never that far ahead.
      const timer = setTimeout(changed, Math.min(left + 50, 2 ** 31 - 1));
      return () => clearTimeout(timer);
    },
    [at],
  );
  return useSyncExternalStore(
    subscribe,
    () => Date.now() >= at,
    () => false,
  );
}
