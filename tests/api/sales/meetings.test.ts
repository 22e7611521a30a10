/**
 * Meetings on campus (issue 46): either side of a hold proposes a spot and a time, the other
 * agrees, either changes it until it happens; the buyer alone reads the handover code, the seller
 * types it to record the sale (bounded guessing, lockout, replayed once); either side says the
 * other did not come, or calls it off. On both engines.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HANDOVER_LOCK_MS, HANDOVER_MAX_WRONG } from '#shared/handover.js';
import { BLOCKED_MESSAGE } from '#shared/moderation.js';
import {
  MEETING_MAX_AHEAD_HOURS,
  MEETING_MESSAGES,
  OFFER_CLOSED_REASONS,
  type MeetingStatus,
} from '#shared/sales.js';
import type { Hold, Meeting, Offer, Sale } from '#shared/schemas/sales.js';
import { acceptRequest, requestDelivery, storeBlock } from '../data.js';
import { FAST_NOTIFY, as, listeningAppForFile, signedInUser } from '../harness.js';
import { kindsOf } from '../notify-support.js';
import {
  act,
  actKeyed,
  agreedMeeting,
  heldParties,
  inMinutes,
  meetingAs,
  otherCode,
  propose,
} from './meeting-support.js';

const { ctx, streams } = await listeningAppForFile({ notifyTiming: FAST_NOTIFY });
const db = ctx.database.db;

/**
 * A meeting the buyer ended with `action`: the same again is a replay (200); the seller's `late`
 * step is refused (409) saying how it ended; the seller was told it is off.
 */
async function expectEnded(
  p: Awaited<ReturnType<typeof heldParties>>,
  meetingId: number,
  action: string,
  late: string,
  ended: MeetingStatus,
) {
  expect((await act(ctx, p.buyer, meetingId, { action })).statusCode).toBe(200);
  const refused = await act(ctx, p.vendor, meetingId, { action: late });
  expect(refused.statusCode).toBe(409);
  expect(refused.json().message).toBe(MEETING_MESSAGES.finished(ended));
  expect(await kindsOf(ctx, p.vendor)).toContain('meeting_cancelled');
}

describe('arranging a meeting', () => {
  it('is proposed by one side and agreed by the other; only the buyer reads the code', async () => {
    const p = await heldParties(ctx);
    const buyerStream = await streams.open(p.buyer.cookie);
    const sellerStream = await streams.open(p.vendor.cookie);
    const at = inMinutes(180);
    const made = await propose(ctx, p.vendor, p.hold.hold_id, at, 'Cafe 101');
    expect(made.statusCode, made.body).toBe(201);
    const proposed = made.json<Meeting>();
    expect(proposed).toMatchObject({
      hold_id: p.hold.hold_id,
      listing_id: p.listing_id,
      seller_id: p.vendor.user.user_id,
      buyer_id: p.buyer.user.user_id,
      location: 'Cafe 101',
      at,
      proposed_by: p.vendor.user.user_id,
      status: 'Proposed',
      agreed_amount: 15,
      // The seller proposed: the answer is theirs, without the code.
      handover_code: null,
      no_show_by: null,
    });

    // The buyer's read has the 4 digits; the seller's and a stranger's never.
    const mine = await meetingAs(ctx, p.buyer, proposed.meeting_id);
    expect(mine?.handover_code).toMatch(/^[0-9]{4}$/);
    expect((await meetingAs(ctx, p.vendor, proposed.meeting_id))?.handover_code).toBeNull();
    expect((await as(ctx, p.stranger).get('/api/meetings')).json()).toEqual([]);
    const byListing = await as(ctx, p.buyer).get(`/api/meetings?listing_id=${p.listing_id}`);
    expect(byListing.json<Meeting[]>().map((m) => m.meeting_id)).toEqual([proposed.meeting_id]);

    // One open meeting a hold, whoever asks.
    const again = await propose(ctx, p.buyer, p.hold.hold_id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MEETING_MESSAGES.oneOpen, code: 'meeting_open' });

    // The proposer cannot accept their own proposal; the other side does.
    const own = await act(ctx, p.vendor, proposed.meeting_id, { action: 'accept' });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(MEETING_MESSAGES.notYourMove);
    const agreed = await act(ctx, p.buyer, proposed.meeting_id, { action: 'accept' });
    expect(agreed.statusCode, agreed.body).toBe(200);
    // A write's answer never carries the code, even the buyer's own.
    expect(agreed.json<Meeting>()).toMatchObject({ status: 'Agreed', handover_code: null });
    expect((await meetingAs(ctx, p.buyer, proposed.meeting_id))?.handover_code).toBe(
      mine!.handover_code,
    );
    // Accepting again changes nothing.
    expect((await act(ctx, p.buyer, proposed.meeting_id, { action: 'accept' })).statusCode).toBe(
      200,
    );

    // Both hear live, never with the code.
    for (const stream of [buyerStream, sellerStream]) {
      const event = await stream.next(
        'meeting.updated',
        (d: { meeting: Meeting }) => d.meeting.status === 'Agreed',
      );
      expect((event.data as { meeting: Meeting }).meeting.handover_code).toBeNull();
    }
    for (const stream of [buyerStream, sellerStream]) {
      expect(JSON.stringify(stream.events)).not.toContain(`"${mine!.handover_code}"`);
    }
    // Notified: the buyer of the proposal, the seller of the agreement.
    expect(await kindsOf(ctx, p.buyer)).toContain('meeting_proposed');
    expect(await kindsOf(ctx, p.vendor)).toContain('meeting_proposed');
    const events = await db.selectFrom('notification_events').select('payload').execute();
    expect(events.some((e) => e.payload.includes(mine!.handover_code!))).toBe(false);
  });

  it('refuses times too soon or too far, a spot off the map, and steps that do not fit', async () => {
    const p = await heldParties(ctx);
    const soon = await propose(ctx, p.buyer, p.hold.hold_id, inMinutes(2));
    expect(soon.statusCode).toBe(400);
    expect(soon.json().message).toBe(MEETING_MESSAGES.tooSoon);
    const far = await propose(
      ctx,
      p.buyer,
      p.hold.hold_id,
      inMinutes(MEETING_MAX_AHEAD_HOURS * 60 + 5),
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(MEETING_MESSAGES.tooFar);
    expect(
      (await propose(ctx, p.buyer, p.hold.hold_id, inMinutes(60), 'The Moon')).statusCode,
    ).toBe(400);
    expect(
      (
        await as(ctx, p.buyer).post('/api/meetings', {
          hold_id: p.hold.hold_id,
          location: 'Library',
          at: 'tomorrow',
        })
      ).statusCode,
    ).toBe(400);
    const made = (await propose(ctx, p.buyer, p.hold.hold_id)).json<Meeting>();
    // change needs a spot or a time; a code goes with complete only; a spot with change only.
    expect((await act(ctx, p.vendor, made.meeting_id, { action: 'change' })).statusCode).toBe(400);
    expect(
      (await act(ctx, p.vendor, made.meeting_id, { action: 'accept', code: '1234' })).statusCode,
    ).toBe(400);
    expect(
      (await act(ctx, p.vendor, made.meeting_id, { action: 'accept', location: 'Library' }))
        .statusCode,
    ).toBe(400);
    expect((await act(ctx, p.vendor, made.meeting_id, { action: 'haggle' })).statusCode).toBe(400);
    // Complete and no-show wait for an agreement.
    const early = await act(ctx, p.vendor, made.meeting_id, { action: 'complete', code: '1234' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MEETING_MESSAGES.notAgreed);
    expect((await act(ctx, p.buyer, made.meeting_id, { action: 'no_show' })).statusCode).toBe(409);
    // Strangers: 403, whatever they send; an unknown meeting or hold: 404.
    expect((await act(ctx, p.stranger, made.meeting_id, { action: 'cancel' })).statusCode).toBe(
      403,
    );
    expect((await propose(ctx, p.stranger, p.hold.hold_id)).statusCode).toBe(403);
    expect((await act(ctx, p.buyer, 999_999, { action: 'cancel' })).statusCode).toBe(404);
    expect((await propose(ctx, p.buyer, 999_999)).statusCode).toBe(404);
    expect((await as(ctx).get('/api/meetings')).statusCode).toBe(401);
  });

  it('changes until it happens: a change is a new proposal for the other side to agree to', async () => {
    const p = await heldParties(ctx);
    const { meeting } = await agreedMeeting(ctx, p);
    const later = inMinutes(240);
    const changed = await act(ctx, p.vendor, meeting.meeting_id, { action: 'change', at: later });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Meeting>()).toMatchObject({
      status: 'Proposed',
      proposed_by: p.vendor.user.user_id,
      at: later,
      location: 'Library',
    });
    const moved = await act(ctx, p.buyer, meeting.meeting_id, {
      action: 'change',
      location: 'Student Services',
    });
    expect(moved.json<Meeting>()).toMatchObject({
      status: 'Proposed',
      proposed_by: p.buyer.user.user_id,
      at: later,
      location: 'Student Services',
    });
    expect(
      (await act(ctx, p.vendor, meeting.meeting_id, { action: 'accept' })).json(),
    ).toMatchObject({ status: 'Agreed' });
    expect(await kindsOf(ctx, p.buyer)).toContain('meeting_proposed');
  });

  it('is called off by either side; a finished meeting no longer changes', async () => {
    const p = await heldParties(ctx);
    const { meeting } = await agreedMeeting(ctx, p);
    const off = await act(ctx, p.buyer, meeting.meeting_id, { action: 'cancel' });
    expect(off.statusCode).toBe(200);
    expect(off.json<Meeting>()).toMatchObject({ status: 'Cancelled', handover_code: null });
    await expectEnded(p, meeting.meeting_id, 'cancel', 'accept', 'Cancelled');
    // The hold is still there: they arrange another.
    expect((await propose(ctx, p.vendor, p.hold.hold_id)).statusCode).toBe(201);
  });

  it('is refused between blocked people, who may still call it off', async () => {
    const p = await heldParties(ctx);
    const { meeting } = await agreedMeeting(ctx, p);
    await storeBlock(ctx, p.buyer, p.vendor);
    const change = await act(ctx, p.vendor, meeting.meeting_id, {
      action: 'change',
      at: inMinutes(300),
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe(BLOCKED_MESSAGE);
    expect((await act(ctx, p.vendor, meeting.meeting_id, { action: 'cancel' })).statusCode).toBe(
      200,
    );
    const refused = await propose(ctx, p.vendor, p.hold.hold_id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(BLOCKED_MESSAGE);
  });
});

describe('the handover', () => {
  it('records the sale at the agreed price and spot: listing sold, hold completed, offers closed', async () => {
    const p = await heldParties(ctx);
    // Another buyer's offer, made before the hold, is still open... until the sale.
    const otherOffer = await db
      .insertInto('offers')
      .values({
        listing_id: p.listing_id,
        buyer_id: p.stranger.user.user_id,
        seller_id: p.vendor.user.user_id,
        amount_cents: 1000,
        status: 'Pending',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        expires_at: inMinutes(600),
      })
      .returning('offer_id')
      .executeTakeFirstOrThrow();
    const { meeting, code } = await agreedMeeting(ctx, p);
    // Only the seller types the code.
    const byBuyer = await act(ctx, p.buyer, meeting.meeting_id, { action: 'complete', code });
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().message).toBe(MEETING_MESSAGES.sellerTypesCode);

    const key = randomUUID();
    const complete = () =>
      actKeyed(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code }, key);
    const done = await complete();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Meeting>()).toMatchObject({ status: 'Completed', handover_code: null });
    // The outbox's replay of the same tap: the same answer, one sale.
    const replay = await complete();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(done.json());
    // Without its key, a repeat is harmless too.
    expect(
      (await act(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code })).statusCode,
    ).toBe(200);

    const sale = expect.objectContaining({
      listing_id: p.listing_id,
      buyer_id: p.buyer.user.user_id,
      agreed_price: 15,
      how: 'meeting',
      location: 'Library',
    });
    expect((await as(ctx, p.vendor).get('/api/sales')).json<Sale[]>()).toEqual([sale]);
    expect((await as(ctx, p.buyer).get('/api/purchases')).json<Sale[]>()).toEqual([sale]);
    const listing = (await as(ctx).get(`/api/listing/${p.listing_id}`)).json<
      Record<string, unknown>[]
    >()[0]!;
    expect(listing).toMatchObject({ listing_status: 'Sold', availability: 'Out of Stock' });
    expect(listing).not.toHaveProperty('on_hold');
    const holds = (await as(ctx, p.vendor).get(`/api/holds?listing_id=${p.listing_id}`)).json<
      Hold[]
    >();
    expect(holds[0]!.status).toBe('Completed');
    const closed = (await as(ctx, p.stranger).get(`/api/offers?listing_id=${p.listing_id}`)).json<
      Offer[]
    >();
    expect(closed).toEqual([
      expect.objectContaining({
        offer_id: otherOffer.offer_id,
        status: 'Closed',
        closed_reason: OFFER_CLOSED_REASONS.sold,
      }),
    ]);
    // The buyer's code is gone with the meeting; the sale counts as Sold Items.
    expect((await meetingAs(ctx, p.buyer, meeting.meeting_id))?.handover_code).toBeNull();
    const count = await as(ctx).get(`/api/listing/vendor/sold/${p.vendor.user.user_id}`);
    expect(count.json()).toEqual({ count: 1 });
  });

  it('sells at the listing price when the hold named none, and not while a delivery is under way', async () => {
    const p = await heldParties(ctx);
    const { meeting, code } = await agreedMeeting(ctx, p);
    await db
      .updateTable('sale_holds')
      .set({ agreed_cents: null })
      .where('hold_id', '=', p.hold.hold_id)
      .execute();
    expect((await meetingAs(ctx, p.vendor, meeting.meeting_id))?.agreed_amount).toBe(20);
    const done = await act(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code });
    expect(done.statusCode, done.body).toBe(200);
    expect((await as(ctx, p.buyer).get('/api/purchases')).json<Sale[]>()[0]).toMatchObject({
      agreed_price: 20,
      how: 'meeting',
    });

    // The holder asked for delivery instead and the seller accepted: the courier brings it.
    const q = await heldParties(ctx);
    const agreed = await agreedMeeting(ctx, q);
    const request = await requestDelivery(ctx, q);
    await acceptRequest(ctx, q, request.delivery_request_id);
    // Refused for the item's sake before any code is checked: even a wrong one spends no try.
    const refused = await act(ctx, q.vendor, agreed.meeting.meeting_id, {
      action: 'complete',
      code: otherCode(agreed.code),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MEETING_MESSAGES.onItsWay, code: 'listing_taken' });
    await act(ctx, q.buyer, agreed.meeting.meeting_id, { action: 'cancel' });
    const anew = await propose(ctx, q.buyer, q.hold.hold_id);
    expect(anew.statusCode).toBe(409);
    expect(anew.json().code).toBe('listing_taken');
    const row = await db
      .selectFrom('meetings')
      .select('wrong_tries')
      .where('meeting_id', '=', agreed.meeting.meeting_id)
      .executeTakeFirstOrThrow();
    expect(row.wrong_tries).toBe(0);
  });

  it('counts wrong codes: five lock the handover for 15 minutes and both sides are told', async () => {
    const p = await heldParties(ctx);
    const { meeting, code } = await agreedMeeting(ctx, p);
    const buyerStream = await streams.open(p.buyer.cookie);
    const sellerStream = await streams.open(p.vendor.cookie);
    const wrong = otherCode(code);
    for (let left = HANDOVER_MAX_WRONG - 1; left >= 1; left--) {
      const res = await act(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code: wrong });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toContain(left === 1 ? '1 try left' : `${left} tries left`);
    }
    const fifth = await act(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code: wrong });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ message: MEETING_MESSAGES.locked, code: 'rate_limited' });
    const retryAfter = Number(fifth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(HANDOVER_LOCK_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(HANDOVER_LOCK_MS / 1000);
    // Even the right code waits for the lock to run out.
    const right = await act(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code });
    expect(right.statusCode).toBe(429);
    for (const stream of [buyerStream, sellerStream]) {
      const event = await stream.next('meeting.updated', (d: { notice?: string }) => !!d.notice);
      expect(event.data).toMatchObject({
        notice: MEETING_MESSAGES.lockedNotice,
        meeting: { meeting_id: meeting.meeting_id, handover_locked_until: expect.any(String) },
      });
    }
    expect(await kindsOf(ctx, p.buyer)).toContain('handover_locked');
    expect(await kindsOf(ctx, p.vendor)).toContain('handover_locked');
    expect((await meetingAs(ctx, p.vendor, meeting.meeting_id))?.status).toBe('Agreed');

    await db
      .updateTable('meetings')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('meeting_id', '=', meeting.meeting_id)
      .execute();
    expect((await meetingAs(ctx, p.vendor, meeting.meeting_id))?.handover_locked_until).toBeNull();
    const after = await act(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('counts parallel tries: of many wrong codes at once, only five are checked', async () => {
    const p = await heldParties(ctx);
    const { meeting, code } = await agreedMeeting(ctx, p);
    const answers = await Promise.all(
      Array.from({ length: 9 }, () =>
        act(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code: otherCode(code) }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(HANDOVER_MAX_WRONG - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9 - (HANDOVER_MAX_WRONG - 1));
  });
});

describe('a no-show', () => {
  it('is said by either side once the time has come, and moderators see it', async () => {
    const p = await heldParties(ctx);
    const { meeting } = await agreedMeeting(ctx, p);
    const early = await act(ctx, p.buyer, meeting.meeting_id, { action: 'no_show' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MEETING_MESSAGES.notYet);
    await db
      .updateTable('meetings')
      .set({ at: inMinutes(-10) })
      .where('meeting_id', '=', meeting.meeting_id)
      .execute();
    const said = await act(ctx, p.buyer, meeting.meeting_id, { action: 'no_show' });
    expect(said.statusCode, said.body).toBe(200);
    expect(said.json<Meeting>()).toMatchObject({
      status: 'NoShow',
      no_show_by: p.buyer.user.user_id,
      handover_code: null,
    });
    // Said once: the same again is a replay; the other side cannot say it back.
    await expectEnded(p, meeting.meeting_id, 'no_show', 'no_show', 'NoShow');

    const moderator = await signedInUser(ctx);
    await db
      .updateTable('users')
      .set({ is_moderator: 1 })
      .where('user_id', '=', moderator.user.user_id)
      .execute();
    const desk = await as(ctx, moderator).get('/api/moderation/no-shows');
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json()).toContainEqual(
      expect.objectContaining({
        meeting_id: meeting.meeting_id,
        listing_id: p.listing_id,
        location: 'Library',
        said_by: p.buyer.user.user_id,
        absent_id: p.vendor.user.user_id,
        absent_username: p.vendor.user.username,
        absent_no_shows: 1,
      }),
    );
    expect((await as(ctx, p.buyer).get('/api/moderation/no-shows')).statusCode).toBe(403);
    expect((await as(ctx).get('/api/moderation/no-shows')).statusCode).toBe(401);
  });

  it('can no longer be said a week after the meeting', async () => {
    const p = await heldParties(ctx);
    const { meeting } = await agreedMeeting(ctx, p);
    await db
      .updateTable('meetings')
      .set({ at: inMinutes(-8 * 24 * 60) })
      .where('meeting_id', '=', meeting.meeting_id)
      .execute();
    // Left open that long, it ends by itself (the sales clock, or the next sales call).
    const late = await act(ctx, p.buyer, meeting.meeting_id, { action: 'no_show' });
    expect(late.statusCode).toBe(409);
    expect((await meetingAs(ctx, p.buyer, meeting.meeting_id))?.status).toBe('Cancelled');
  });
});
