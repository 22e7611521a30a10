/**
 * What time decides in a sale, stored and told: offers and holds that lapsed, meetings that
 * ended with their hold, their item or their time (docs/sales-states.md). Every sales call runs
 * it first, and the sales clock (clock.ts) every minute or so, so people hear promptly even
 * when nobody calls.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/schema.js';
import type { MeetingChange } from '#server/notifications/domain-events.js';
import { endLapsedMeetings, findMeeting } from './meetings-repository.js';
import { favoritersOf, listingFacts, settleLapsed } from './repository.js';

export async function settleSales(app: FastifyInstance): Promise<void> {
  for (const lapsed of await settleLapsed(app.db)) await tellHoldEnded(app, lapsed);
  for (const { meetingId, end } of await endLapsedMeetings(app.db)) {
    // Time is the actor: both sides hear.
    await tellMeeting(app, meetingId, end, 0);
  }
}

/**
 * The listing is back (its hold lapsed or was released): those who keep it as a favourite hear,
 * and the owners of the saved searches it answers (the notification worker finds them), each
 * once.
 */
export async function tellHoldEnded(
  app: FastifyInstance,
  ended: { listing_id: number; seller_id: number },
): Promise<void> {
  const db: Db = app.db;
  const watchers = await favoritersOf(db, ended.listing_id);
  const { category, ...listing } = await listingFacts(db, ended.listing_id);
  if (watchers.length > 0) {
    await app.notify({ type: 'hold.ended', actorId: ended.seller_id, listing, watchers });
  }
  await app.notify({
    type: 'listing.back',
    actorId: ended.seller_id,
    listing: { ...listing, category },
    except: watchers,
  });
}

/** A meeting's time as people read it: "Tue, Dec 16, 2:30 PM", in the campus's time zone. */
export function meetingWhen(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(at));
}

/** Tells both sides of a meeting's step, live and as notifications (audience.ts says who). */
export async function tellMeeting(
  app: FastifyInstance,
  meetingId: number,
  change: MeetingChange,
  actorId: number,
): Promise<void> {
  const meeting = await findMeeting(app.db, meetingId);
  if (!meeting) return;
  const when = meetingWhen(meeting.at, app.config.campusTimeZone);
  await app.notify({ type: 'meeting.changed', actorId, meeting, change, when });
}
