/** The campus's time zone, as a page names it at start (lib/campus-time.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adoptPageTimeZone,
  campusDate,
  campusTimeZone,
  setCampusTimeZone,
} from '#client/lib/campus-time.js';

afterEach(() => {
  vi.restoreAllMocks();
  setCampusTimeZone('America/Los_Angeles');
  document.documentElement.removeAttribute('data-time-zone');
  localStorage.clear();
});

describe('campus time zone', () => {
  it('builds no date formatter at start when the page names the zone already in use', () => {
    // The first formatter costs a phone tens of milliseconds: a screen without dates pays none.
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    document.documentElement.setAttribute('data-time-zone', 'America/Los_Angeles');
    adoptPageTimeZone();
    expect(formatter).not.toHaveBeenCalled();
    expect(campusTimeZone()).toBe('America/Los_Angeles');
  });

  it('takes another zone the page names, by its canonical name, and writes dates in it', () => {
    document.documentElement.setAttribute('data-time-zone', 'asia/tokyo');
    adoptPageTimeZone();
    expect(campusTimeZone()).toBe('Asia/Tokyo');
    // 2026-03-01 20:00 UTC is already the 2nd in Tokyo.
    expect(campusDate(new Date('2026-03-01T20:00:00Z'))).toBe('3/2/2026');
    // The app shell the service worker serves names none: the saved zone holds.
    document.documentElement.removeAttribute('data-time-zone');
    setCampusTimeZone('America/Los_Angeles');
    adoptPageTimeZone();
    expect(campusTimeZone()).toBe('Asia/Tokyo');
  });

  it('ignores a name that is no time zone', () => {
    setCampusTimeZone('Mars/Olympus_Mons');
    expect(campusTimeZone()).toBe('America/Los_Angeles');
  });
});
