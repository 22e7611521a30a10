/**
 * The times a meeting on campus can be set at: quarter hours on the campus's clock, from a few
 * minutes ahead until the hold ends, never beyond what the server takes, grouped by the campus's
 * days (also the day the clocks change).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HOUR_MS, MEETING_MAX_AHEAD_HOURS } from '#shared/sales.js';
import {
  campusClock,
  meetingDays,
  meetingWhen,
} from '#client/features/sales/meetings/meeting-times.js';
import { setCampusTimeZone } from '#client/lib/campus-time.js';

afterEach(() => setCampusTimeZone('America/Los_Angeles'));

describe('meeting times', () => {
  it('starts on the first quarter hour a few minutes ahead, on the campus day it falls on', () => {
    // 11:40 PM on Thursday, Nov 19 on campus (UTC-8).
    const now = Date.parse('2026-11-20T07:40:00.000Z');
    const days = meetingDays(now, now + 30 * HOUR_MS);
    // Midnight is the first time 6 minutes ahead: Thursday has none left.
    expect(days.map((d) => [d.key, d.label, d.slots.length])).toEqual([
      ['2026-11-20', 'Tomorrow', 96],
      ['2026-11-21', 'Sat, Nov 21', 23],
    ]);
    expect(days[0]!.slots[0]).toBe('2026-11-20T08:00:00.000Z');
    expect(campusClock(days[0]!.slots[0]!)).toBe('12:00 AM');
    // The last one is before the hold ends (5:40 AM on Saturday).
    expect(campusClock(days[1]!.slots.at(-1)!)).toBe('5:30 AM');
    expect(meetingWhen(days[1]!.slots.at(-1)!)).toBe('Sat, Nov 21, 5:30 AM');
  });

  it('calls the first day Today while it has times left, and stops where the server does', () => {
    const now = Date.parse('2026-11-20T18:00:00.000Z'); // 10:00 AM on campus
    const days = meetingDays(now, now + 500 * HOUR_MS);
    expect(days[0]!.label).toBe('Today');
    expect(campusClock(days[0]!.slots[0]!)).toBe('10:15 AM');
    expect(days[1]!.label).toBe('Tomorrow');
    const last = Date.parse(days.at(-1)!.slots.at(-1)!);
    expect(last).toBeLessThanOrEqual(now + MEETING_MAX_AHEAD_HOURS * HOUR_MS);
    expect(last).toBeGreaterThan(now + MEETING_MAX_AHEAD_HOURS * HOUR_MS - 15 * 60_000);
  });

  it("follows the campus's clock, not the phone's: the day clocks spring forward has 23 hours", () => {
    const now = Date.parse('2026-03-08T07:40:00.000Z'); // 11:40 PM, Mar 7, on campus
    const day = meetingDays(now, now + 48 * HOUR_MS)[0]!;
    expect(day.key).toBe('2026-03-08');
    expect(day.slots).toHaveLength(23 * 4);
    expect(day.slots.map(campusClock)).not.toContain('2:00 AM');
    expect(day.slots.map(campusClock)).toContain('3:00 AM');

    setCampusTimeZone('Europe/Berlin');
    const berlin = meetingDays(now, now + 2 * HOUR_MS);
    expect(berlin.map((d) => d.key)).toEqual(['2026-03-08']);
    expect(campusClock(berlin[0]!.slots[0]!)).toBe('9:00 AM');
  });

  it('offers nothing when the hold ends before the nearest time', () => {
    const now = Date.parse('2026-11-20T18:00:00.000Z');
    expect(meetingDays(now, now + 3 * 60_000)).toEqual([]);
  });
});
