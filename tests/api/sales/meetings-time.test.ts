/**
 * What time and the rest of a sale do to meetings on campus (issue 46): a hold that ends takes
 * its meeting with it, a proposal nobody answered lapses, the sales clock reminds both sides
 * before an agreed meeting, once, and tells promptly (without any call) who keeps a listing whose
 * hold lapsed; a sale at a meeting makes its reviews "Bought here"; data export and account
 * deletion. On both engines.
 */
import { describe, expect, it } from 'vitest';
import { DELETED_USER_NAME } from '#shared/leaving.js';
import type { Meeting, Sale } from '#shared/schemas/sales.js';
import type { Review } from '#shared/schemas/reviews.js';
import { createMessage } from '#server/db/factories.js';
import { salesClockRound } from '#server/features/sales/clock.js';
import {
  FAST_NOTIFY,
  appForFile,
  as,
  createTestApp,
  signedInUser,
  type TestContext,
} from '../harness.js';
import { allTold, centreOf, kindsOf, review } from '../notify-support.js';
import {
  act,
  agreedMeeting,
  heldParties,
  inMinutes,
  meetingAs,
  propose,
  type HeldParties,
} from './meeting-support.js';

const ctx = await appForFile({ notifyTiming: FAST_NOTIFY });
const db = ctx.database.db;

const lapse = (c: TestContext, p: HeldParties) =>
  c.database.db
    .updateTable('sale_holds')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('hold_id', '=', p.hold.hold_id)
    .execute();

describe('a meeting ends with its hold', () => {
  it('released by the seller: the meeting is off and both sides hear why', async () => {
    const p = await heldParties(ctx);
    const { meeting } = await agreedMeeting(ctx, p);
    const released = await as(ctx, p.vendor).put(`/api/holds/${p.hold.hold_id}`, {
      action: 'release',
    });
    expect(released.statusCode).toBe(200);
    expect((await meetingAs(ctx, p.buyer, meeting.meeting_id))?.status).toBe('Cancelled');
    expect((await meetingAs(ctx, p.buyer, meeting.meeting_id))?.handover_code).toBeNull();
    for (const who of [p.buyer, p.vendor]) {
      const centre = await centreOf(ctx, who);
      expect(centre.items).toContainEqual(
        expect.objectContaining({
          kind: 'meeting_cancelled',
          body: expect.stringContaining('The hold on this item ended.'),
        }),
      );
    }
    // No new meeting for an ended hold.
    expect((await propose(ctx, p.buyer, p.hold.hold_id)).statusCode).toBe(409);
  });

  it('lapsed, sold otherwise or deleted: open meetings end at the next look of the clock', async () => {
    const lapsed = await heldParties(ctx);
    const a = await agreedMeeting(ctx, lapsed);
    await lapse(ctx, lapsed);

    const sold = await heldParties(ctx);
    const b = (await propose(ctx, sold.buyer, sold.hold.hold_id)).json<Meeting>();
    const marked = await as(ctx, sold.vendor).put(`/api/listing/${sold.listing_id}`, {
      listing_status: 'Sold',
    });
    expect(marked.statusCode).toBe(200);

    const deleted = await heldParties(ctx);
    const c = await agreedMeeting(ctx, deleted);
    expect(
      (await as(ctx, deleted.vendor).delete(`/api/listing/${deleted.listing_id}`)).statusCode,
    ).toBe(200);

    await salesClockRound(ctx.app);
    const rows = await db
      .selectFrom('meetings')
      .select(['meeting_id', 'status'])
      .where('meeting_id', 'in', [a.meeting.meeting_id, b.meeting_id, c.meeting.meeting_id])
      .orderBy('meeting_id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['Cancelled', 'Cancelled', 'Cancelled']);
    const told = await centreOf(ctx, deleted.buyer);
    expect(told.items).toContainEqual(
      expect.objectContaining({
        kind: 'meeting_cancelled',
        body: expect.stringContaining('The item is no longer available.'),
      }),
    );
  });

  it('a meeting whose time has come outlives its hold: a no-show can still be said, or the sale made', async () => {
    const p = await heldParties(ctx);
    const { meeting } = await agreedMeeting(ctx, p);
    await db
      .updateTable('meetings')
      .set({ at: inMinutes(-30) })
      .where('meeting_id', '=', meeting.meeting_id)
      .execute();
    await lapse(ctx, p);
    await salesClockRound(ctx.app);
    expect((await meetingAs(ctx, p.vendor, meeting.meeting_id))?.status).toBe('Agreed');
    const said = await act(ctx, p.vendor, meeting.meeting_id, { action: 'no_show' });
    expect(said.json<Meeting>()).toMatchObject({
      status: 'NoShow',
      no_show_by: p.vendor.user.user_id,
    });

    const q = await heldParties(ctx);
    const late = await agreedMeeting(ctx, q);
    await db
      .updateTable('meetings')
      .set({ at: inMinutes(-30) })
      .where('meeting_id', '=', late.meeting.meeting_id)
      .execute();
    await lapse(ctx, q);
    // The item is still there and held for nobody else: the handover records the sale.
    const done = await act(ctx, q.vendor, late.meeting.meeting_id, {
      action: 'complete',
      code: late.code,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await as(ctx, q.buyer).get('/api/purchases')).json<Sale[]>()[0]).toMatchObject({
      how: 'meeting',
      agreed_price: 15,
    });
  });

  it('a proposal nobody answered lapses when its time passes', async () => {
    const p = await heldParties(ctx);
    const made = (await propose(ctx, p.buyer, p.hold.hold_id)).json<Meeting>();
    await db
      .updateTable('meetings')
      .set({ at: inMinutes(-1) })
      .where('meeting_id', '=', made.meeting_id)
      .execute();
    await salesClockRound(ctx.app);
    expect((await meetingAs(ctx, p.buyer, made.meeting_id))?.status).toBe('Cancelled');
    const centre = await centreOf(ctx, p.buyer);
    expect(centre.items[0]).toMatchObject({
      kind: 'meeting_cancelled',
      body: expect.stringContaining('The time passed'),
    });
    // The hold stands: they arrange another.
    expect((await propose(ctx, p.vendor, p.hold.hold_id)).statusCode).toBe(201);
  });
});

describe('the sales clock', () => {
  it('reminds both sides shortly before an agreed meeting, once, and again after a change', async () => {
    const p = await heldParties(ctx);
    const { meeting } = await agreedMeeting(ctx, p, 30);
    await salesClockRound(ctx.app);
    await salesClockRound(ctx.app);
    await allTold(ctx);
    const reminders = async (who: typeof p.buyer) =>
      (await kindsOf(ctx, who)).filter((k) => k === 'meeting_reminder').length;
    expect(await reminders(p.buyer)).toBe(1);
    expect(await reminders(p.vendor)).toBe(1);
    const buyerCentre = await centreOf(ctx, p.buyer);
    expect(buyerCentre.items.find((i) => i.kind === 'meeting_reminder')).toMatchObject({
      body: expect.stringContaining('Show the seller your handover code'),
    });
    // A new time, agreed again: a new reminder when it comes near.
    await act(ctx, p.vendor, meeting.meeting_id, { action: 'change', at: inMinutes(45) });
    await act(ctx, p.buyer, meeting.meeting_id, { action: 'accept' });
    await salesClockRound(ctx.app);
    expect(await reminders(p.buyer)).toBe(2);
  });

  it('runs by itself: a lapsed hold is told to its favouriters and to matching saved searches', async () => {
    const own = await createTestApp({ notifyTiming: FAST_NOTIFY, salesClock: { pollMs: 50 } });
    try {
      const p = await heldParties(own);
      const { title } = (await as(own).get(`/api/listing/${p.listing_id}`)).json<
        { title: string }[]
      >()[0]!;
      const fan = await signedInUser(own);
      const searcher = await signedInUser(own);
      expect((await as(own, fan).put(`/api/favorites/${p.listing_id}`)).statusCode).toBe(200);
      // The favouriter keeps a matching search too: told once, as a favouriter.
      for (const who of [fan, searcher]) {
        const saved = await as(own, who).post('/api/saved-searches', { title });
        expect(saved.statusCode, saved.body).toBe(201);
      }
      await lapse(own, p);
      // Nobody calls anything: the clock finds it.
      await expect
        .poll(async () => (await kindsOf(own, searcher)).includes('saved_search_match'), {
          timeout: 10_000,
          interval: 50,
        })
        .toBe(true);
      const found = (await centreOf(own, searcher)).items[0]!;
      expect(found.title).toBe(`Available again: ${title}`);
      expect(found.body).toContain('matches your saved search is available again');
      expect(await kindsOf(own, fan)).toEqual(['hold_ended']);
      const hold = await own.database.db
        .selectFrom('sale_holds')
        .select('status')
        .where('hold_id', '=', p.hold.hold_id)
        .executeTakeFirstOrThrow();
      expect(hold.status).toBe('Lapsed');
    } finally {
      await own.close();
    }
  });
});

describe('after a sale at a meeting', () => {
  it('the buyer\'s review of the seller reads "Bought here"; one from a mere talk does not', async () => {
    const p = await heldParties(ctx);
    const { meeting, code } = await agreedMeeting(ctx, p);
    await act(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code });
    const written = await review(ctx, p.buyer, p.vendor, 5, 'Met at the library, all good');
    expect(written.statusCode, written.body).toBe(201);
    expect(written.json<Review>().bought_here).toBe(true);
    await createMessage(db, {
      sender_id: p.stranger.user.user_id,
      receiver_id: p.vendor.user.user_id,
      listing_id: p.listing_id,
      content: 'Is it still there?',
    });
    expect((await review(ctx, p.stranger, p.vendor, 3, 'Slow to answer')).statusCode).toBe(201);
    const reviews = (await as(ctx).get(`/api/review/${p.vendor.user.user_id}`)).json<Review[]>();
    const by = (id: number) => reviews.find((r) => r.author_id === id)?.bought_here;
    expect(by(p.buyer.user.user_id)).toBe(true);
    expect(by(p.stranger.user.user_id)).toBeUndefined();
  });

  it("meetings are in the data export, without the code; a leaver's open meetings are cancelled", async () => {
    const p = await heldParties(ctx);
    const { meeting, code } = await agreedMeeting(ctx, p);
    await act(ctx, p.vendor, meeting.meeting_id, { action: 'complete', code });
    const data = (await as(ctx, p.buyer).get('/api/me/export')).json<{
      meetings: Record<string, unknown>[];
      sales: Record<string, unknown>[];
    }>();
    expect(data.meetings).toEqual([
      expect.objectContaining({ meeting_id: meeting.meeting_id, status: 'Completed' }),
    ]);
    expect(data.meetings[0]).not.toHaveProperty('handover_code');
    expect(JSON.stringify(data)).not.toContain(`"${code}"`);
    expect(data.sales).toEqual([expect.objectContaining({ how: 'meeting', location: 'Library' })]);

    const q = await heldParties(ctx);
    const open = await agreedMeeting(ctx, q);
    for (const leaver of [p.buyer, q.buyer]) {
      const gone = await as(ctx, leaver).raw({
        method: 'DELETE',
        url: '/api/me',
        payload: JSON.stringify({ password: 'campus-demo-1' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(gone.statusCode, gone.body).toBe(200);
    }
    expect((await meetingAs(ctx, q.vendor, open.meeting.meeting_id))?.status).toBe('Cancelled');
    // What ended stays on the other side's record, from "Deleted user".
    expect(await meetingAs(ctx, p.vendor, meeting.meeting_id)).toMatchObject({
      status: 'Completed',
      buyer_username: DELETED_USER_NAME,
    });
  });
});
