import { describe, expect, it } from 'vitest';
import { campusDay, courierRecord, type RecordedDelivery } from './courier-record';
import { locationCoords } from './locations';
import { walkingEstimate } from './walking';

const LA = 'America/Los_Angeles';
// Wednesday 2026-12-09, 10:00 on campus (18:00 UTC).
const NOW = new Date('2026-12-09T18:00:00Z');

let nextId = 1;
function delivery(o: Partial<RecordedDelivery> & { updated_at: string }): RecordedDelivery {
  return {
    delivery_id: nextId++,
    delivery_status: 'Delivered',
    pickup: 'Cafe 101',
    dropoff: 'Library',
    title: 'Desk lamp',
    delivery_rating: null,
    ...o,
  };
}

const cafeToLibrary = walkingEstimate(locationCoords('Cafe 101'), locationCoords('Library')).meters;

describe("a courier's record", () => {
  it('counts deliveries and returns per campus day and per week from Monday, with the walking', () => {
    const record = courierRecord(
      [
        // Today, and late last night on campus (already the 9th in UTC: still the 8th here).
        delivery({ updated_at: '2026-12-09T17:30:00Z' }),
        delivery({ updated_at: '2026-12-09T06:59:00Z' }),
        delivery({ updated_at: '2026-12-09T07:05:00Z', delivery_status: 'Returned' }),
        // Sunday the 6th: last week.
        delivery({ updated_at: '2026-12-06T20:00:00Z', dropoff: 'Annex 1' }),
        // Still on its way, and given up by its buyer: not work done.
        delivery({ updated_at: '2026-12-09T16:00:00Z', delivery_status: 'Picked Up' }),
        delivery({ updated_at: '2026-12-09T16:00:00Z', delivery_status: 'Cancelled' }),
      ],
      { now: NOW, timeZone: LA },
    );
    expect(record.days.map((d) => d.start)).toEqual([
      '2026-12-09',
      '2026-12-08',
      '2026-12-07',
      '2026-12-06',
      '2026-12-05',
      '2026-12-04',
      '2026-12-03',
    ]);
    expect(record.days[0]).toEqual({
      start: '2026-12-09',
      delivered: 1,
      returned: 0,
      walkedMeters: cafeToLibrary,
    });
    expect(record.days[1]).toMatchObject({ delivered: 1, returned: 1 });
    expect(record.weeks[0]).toMatchObject({ start: '2026-12-07', delivered: 2, returned: 1 });
    expect(record.weeks[1]).toMatchObject({ start: '2026-11-30', delivered: 1, returned: 0 });
    expect(record.weeks).toHaveLength(8);
    expect(record.allTime).toMatchObject({ start: '2026-12-06', delivered: 3, returned: 1 });
    expect(record.allTime.walkedMeters).toBe(
      cafeToLibrary * 2 +
        walkingEstimate(locationCoords('Cafe 101'), locationCoords('Annex 1')).meters,
    );
  });

  it("lists the buyers' ratings newest first, with their words, and their average", () => {
    const record = courierRecord(
      [
        delivery({ updated_at: '2026-12-01T18:00:00Z', delivery_rating: 3 }),
        delivery({
          updated_at: '2026-12-08T18:00:00Z',
          delivery_rating: 5,
          delivery_rating_comment: 'Quick and kind',
          title: 'Calculus textbook',
        }),
        delivery({ updated_at: '2026-12-05T18:00:00Z', delivery_rating: 4 }),
      ],
      { now: NOW, timeZone: LA },
    );
    expect(record.ratings.map((r) => [r.rating, r.comment, r.title])).toEqual([
      [5, 'Quick and kind', 'Calculus textbook'],
      [4, '', 'Desk lamp'],
      [3, '', 'Desk lamp'],
    ]);
    expect(record.averageRating).toBe(4);
  });

  it('is empty for a courier with no work yet', () => {
    const record = courierRecord([], { now: NOW, timeZone: LA });
    expect(record.allTime).toEqual({
      start: '2026-12-09',
      delivered: 0,
      returned: 0,
      walkedMeters: 0,
    });
    expect(record.averageRating).toBeNull();
    expect(record.ratings).toEqual([]);
  });

  it('reads days on the campus clock', () => {
    expect(campusDay(new Date('2026-12-09T07:59:00Z'), LA)).toBe('2026-12-08');
    expect(campusDay(new Date('2026-12-09T08:00:00Z'), LA)).toBe('2026-12-09');
  });
});
