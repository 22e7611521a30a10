/**
 * Meetings on campus, as stored (states: src/shared/sales.ts, docs/sales-states.md). The buyer's
 * handover code is read only through the codes' own statements
 * (src/server/lib/handover-tries-repository.ts): the buyer's own reads (meetingCodesFor) and the
 * seller's try; every other query names its columns and leaves it out.
 */
import type { PickupLocation } from '#shared/locations.js';
import {
  HOUR_MS,
  MEETING_NO_SHOW_DAYS,
  MEETING_REMINDER_MINUTES,
  OPEN_MEETING_STATUSES,
  type MeetingStatus,
} from '#shared/sales.js';
import type { Meeting } from '#shared/schemas/sales.js';
import { meetingsWithParties } from '#server/db/meetings-query.js';
import type { Db, MeetingsTable } from '#server/db/schema.js';
import { handoverCodesOf, newHandoverCode } from '#server/lib/handover-tries-repository.js';
import { isoIn, nowIso } from '#server/lib/time.js';

function meetingQuery(db: Db) {
  return meetingsWithParties(db)
    .innerJoin('sale_holds as h', 'h.hold_id', 'm.hold_id')
    .select(['m.hold_id', 'm.proposed_by', 'm.status', 'm.locked_until', 'm.created_at'])
    .select(['h.agreed_cents', 'l.price_cents']);
}
type MeetingRow = Awaited<ReturnType<ReturnType<typeof meetingQuery>['executeTakeFirstOrThrow']>>;

/** A meeting as everyone concerned reads it: never with its code (meetingCodesFor adds it). */
function toMeeting(row: MeetingRow): Meeting {
  const { agreed_cents, price_cents, locked_until, ...rest } = row;
  return {
    ...rest,
    agreed_amount: (agreed_cents ?? price_cents) / 100,
    handover_code: null,
    handover_locked_until: locked_until && locked_until > nowIso() ? locked_until : null,
  };
}

export async function findMeeting(db: Db, meetingId: number): Promise<Meeting | undefined> {
  const row = await meetingQuery(db).where('m.meeting_id', '=', meetingId).executeTakeFirst();
  return row && toMeeting(row);
}

/** The meetings where the person is the buyer or the seller: open ones first (soonest first), then the rest, latest change first. */
export async function meetingsOf(db: Db, userId: number, listingId?: number): Promise<Meeting[]> {
  const rows = await meetingQuery(db)
    .where((eb) => eb.or([eb('m.buyer_id', '=', userId), eb('m.seller_id', '=', userId)]))
    .$if(listingId !== undefined, (q) => q.where('m.listing_id', '=', listingId!))
    .orderBy('m.meeting_id', 'desc')
    .execute();
  const open = (m: Meeting) =>
    (OPEN_MEETING_STATUSES as readonly MeetingStatus[]).includes(m.status);
  return rows.map(toMeeting).sort((a, b) => {
    if (open(a) !== open(b)) return open(a) ? -1 : 1;
    if (open(a)) return a.at.localeCompare(b.at) || a.meeting_id - b.meeting_id;
    return b.updated_at.localeCompare(a.updated_at) || b.meeting_id - a.meeting_id;
  });
}

/** The hold's open meeting (Proposed or Agreed), if any. */
export function openMeetingOfHold(db: Db, holdId: number) {
  return db
    .selectFrom('meetings')
    .select('meeting_id')
    .where('hold_id', '=', holdId)
    .where('status', 'in', OPEN_MEETING_STATUSES)
    .executeTakeFirst();
}

/** The codes of these meetings, by meeting: for their buyer's own reads only. */
export const meetingCodesFor = (db: Db, meetingIds: readonly number[]) =>
  handoverCodesOf(db, 'meetings', meetingIds);

/**
 * A new meeting, Proposed by `proposed_by`, with a new random code: four digits, leading zeros
 * kept (one open meeting a hold: unique).
 */
export async function insertMeeting(
  db: Db,
  meeting: Pick<
    MeetingsTable,
    'hold_id' | 'listing_id' | 'seller_id' | 'buyer_id' | 'location' | 'at' | 'proposed_by'
  >,
): Promise<number> {
  const now = nowIso();
  const { meeting_id } = await db
    .insertInto('meetings')
    .values({
      ...meeting,
      status: 'Proposed',
      handover_code: newHandoverCode(),
      created_at: now,
      updated_at: now,
    })
    .returning('meeting_id')
    .executeTakeFirstOrThrow();
  return meeting_id;
}

/**
 * Moves a meeting on from `from` (checked again in the update, so two moves at once cannot both
 * win); a new spot or time asks for a new reminder. Answers whether it moved.
 */
export async function moveMeeting(
  db: Db,
  meetingId: number,
  from: MeetingStatus,
  to: {
    status: MeetingStatus;
    location?: PickupLocation;
    at?: string;
    proposed_by?: number;
    no_show_by?: number;
  },
): Promise<boolean> {
  const replanned = to.location !== undefined || to.at !== undefined;
  const result = await db
    .updateTable('meetings')
    .set({ ...to, updated_at: nowIso(), ...(replanned && { reminded_at: null }) })
    .where('meeting_id', '=', meetingId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The listing changed hands at a meeting: Sold, and out of stock as "Mark as Sold" makes it. */
export async function markListingSold(db: Db, listingId: number): Promise<void> {
  await db
    .updateTable('listings')
    .set({ listing_status: 'Sold', availability: 'Out of Stock' })
    .where('listing_id', '=', listingId)
    .execute();
}

/** Why time or a change elsewhere ended an open meeting (the people in it read it). */
export type MeetingEnd = 'unavailable' | 'hold_ended' | 'time_passed' | 'forgotten';

/**
 * Stores what time and the listing decided, each open meeting once, by reason: its item was sold
 * or removed (`unavailable`); its hold ended before its time (`hold_ended`: a meeting whose time
 * has come stays, so either side may still say the other did not come, or the seller complete
 * it while the item is there); a proposal whose time passed unanswered (`time_passed`); an
 * agreed meeting nobody closed within MEETING_NO_SHOW_DAYS (`forgotten`).
 */
export async function endLapsedMeetings(db: Db): Promise<{ meetingId: number; end: MeetingEnd }[]> {
  const now = nowIso();
  const open = db
    .updateTable('meetings')
    .set({ status: 'Cancelled', updated_at: now })
    .where('status', 'in', OPEN_MEETING_STATUSES);
  // In this order: a meeting ends for the first reason that holds.
  const ends: [MeetingEnd, (q: typeof open) => typeof open][] = [
    [
      'unavailable',
      (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('listings as l')
              .select('l.listing_id')
              .whereRef('l.listing_id', '=', 'meetings.listing_id')
              .where('l.listing_status', '!=', 'Active'),
          ),
        ),
    ],
    [
      'hold_ended',
      (q) =>
        q
          .where((eb) => eb.or([eb('status', '=', 'Proposed'), eb('at', '>', now)]))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('sale_holds as h')
                  .select('h.hold_id')
                  .whereRef('h.hold_id', '=', 'meetings.hold_id')
                  .where('h.status', '=', 'Active')
                  .where('h.expires_at', '>', now),
              ),
            ),
          ),
    ],
    ['time_passed', (q) => q.where('status', '=', 'Proposed').where('at', '<=', now)],
    [
      'forgotten',
      (q) =>
        q
          .where('status', '=', 'Agreed')
          .where('at', '<=', isoIn(-MEETING_NO_SHOW_DAYS * 24 * HOUR_MS)),
    ],
  ];
  const ended: { meetingId: number; end: MeetingEnd }[] = [];
  for (const [end, narrow] of ends) {
    const rows = await narrow(open).returning('meeting_id').execute();
    for (const r of rows) ended.push({ meetingId: r.meeting_id, end });
  }
  return ended;
}

/**
 * Takes the reminders that are due: agreed meetings starting within MEETING_REMINDER_MINUTES,
 * not reminded yet. One statement, so of several instances exactly one reminds each.
 */
export async function claimReminders(db: Db): Promise<number[]> {
  const now = nowIso();
  const rows = await db
    .updateTable('meetings')
    .set({ reminded_at: now })
    .where('status', '=', 'Agreed')
    .where('reminded_at', 'is', null)
    .where('at', '>', now)
    .where('at', '<=', isoIn(MEETING_REMINDER_MINUTES * 60_000))
    .returning('meeting_id')
    .execute();
  return rows.map((r) => r.meeting_id);
}
