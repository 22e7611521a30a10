/**
 * The ways an order ends early tell the people concerned through the one source of events: a
 * buyer cancelling tells the seller (and the courier who held the delivery), a courier's return
 * tells the buyer and the seller why, and the handover lock tells the buyer and the seller
 * without ever carrying the code. The one who acted hears of nothing; repeats tell nobody.
 */
import { describe, expect, it } from 'vitest';
import { HANDOVER_MAX_WRONG } from '#shared/handover.js';
import {
  codedDelivery,
  courier,
  moveAlong,
  parties,
  requestDelivery,
  unassignedDelivery,
  wrongCode,
} from '../data.js';
import { appForFile, as, FAST_NOTIFY, type Actor } from '../harness.js';
import { allTold, centreOf, kindsOf } from '../notify-support.js';

const ctx = await appForFile({ notifyTiming: FAST_NOTIFY });
const jace = await courier(ctx);

const url = (d: { delivery_id: number }) => `/api/delivery_instruction/${d.delivery_id}`;

async function expectOk(res: Promise<{ statusCode: number; body: string }>) {
  const done = await res;
  expect(done.statusCode, done.body).toBe(200);
}

/** The centre's items but the ones an order tells on the way (request, accept). */
async function endingsOf(actor: Actor) {
  const early = ['delivery_request', 'request_accepted', 'picked_up', 'delivery_available'];
  return (await centreOf(ctx, actor)).items
    .filter((i) => !early.includes(i.kind))
    .map((i) => ({ kind: i.kind, title: i.title, body: i.body, url: i.url }));
}

describe('a buyer cancelling', () => {
  it('a request tells its seller once, with the reason, and nobody else', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    for (let i = 0; i < 2; i++) {
      await expectOk(
        as(ctx, p.buyer).put(`/api/delivery_request/${request.delivery_request_id}`, {
          status: 'Cancelled',
          reason: 'Changed my mind',
        }),
      );
    }
    expect(await endingsOf(p.vendor)).toEqual([
      {
        kind: 'cancelled',
        title: `Cancelled: ${request.title}`,
        body: `${p.buyer.user.username} cancelled their delivery request. Reason: Changed my mind`,
        url: '/vendorDeliveryRequest',
      },
    ]);
    expect(await kindsOf(ctx, p.buyer)).toEqual([]);
    expect(await kindsOf(ctx, p.stranger)).toEqual([]);
  });

  it('a delivery before any courier took it tells its seller only', async () => {
    const s = await unassignedDelivery(ctx);
    await expectOk(as(ctx, s.buyer).put(url(s.delivery), { delivery_status: 'Cancelled' }));
    expect(await endingsOf(s.vendor)).toEqual([
      {
        kind: 'cancelled',
        title: `Cancelled: ${s.delivery.title}`,
        body: 'The buyer cancelled this delivery.',
        url: '/vendorPage',
      },
    ]);
    expect(await endingsOf(s.buyer)).toEqual([]);
    expect(await endingsOf(jace)).toEqual([]);
  });

  it('a claimed delivery tells its seller and its courier at once, once', async () => {
    const s = await unassignedDelivery(ctx);
    await moveAlong(ctx, jace, s.delivery, ['Assigned']);
    for (let i = 0; i < 2; i++) {
      await expectOk(
        as(ctx, s.buyer).put(url(s.delivery), {
          delivery_status: 'Cancelled',
          reason: 'Found one nearer',
        }),
      );
    }
    expect(await endingsOf(s.vendor)).toEqual([
      {
        kind: 'cancelled',
        title: `Cancelled: ${s.delivery.title}`,
        body: 'The buyer cancelled this delivery. Reason: Found one nearer',
        url: '/vendorPage',
      },
    ]);
    expect(
      (await endingsOf(jace)).filter((i) => i.title === `Cancelled: ${s.delivery.title}`),
    ).toEqual([
      {
        kind: 'cancelled',
        title: `Cancelled: ${s.delivery.title}`,
        body: 'The buyer cancelled this delivery. Do not pick it up or bring it to Library.',
        url: '/CourierPage',
      },
    ]);
    expect(await endingsOf(s.buyer)).toEqual([]);
    expect(await kindsOf(ctx, s.stranger)).toEqual([]);
  });
});

describe('a courier bringing an item back', () => {
  it('tells its buyer and its seller the reason and the note, once; the courier hears nothing', async () => {
    const s = await unassignedDelivery(ctx);
    const carrier = await courier(ctx);
    await moveAlong(ctx, carrier, s.delivery, ['Assigned', 'Picked Up']);
    for (let i = 0; i < 2; i++) {
      await expectOk(
        as(ctx, carrier).put(url(s.delivery), {
          delivery_status: 'Returned',
          reason: 'buyer_not_there',
          note: 'Waited 10 minutes at the Library door',
        }),
      );
    }
    const reason = 'Reason: Buyer not there: Waited 10 minutes at the Library door.';
    expect(await endingsOf(s.buyer)).toEqual([
      {
        kind: 'returned',
        title: `Returned: ${s.delivery.title}`,
        body: `Your courier brought the item back to Cafe 101. ${reason}`,
        url: '/OrderStatus',
      },
    ]);
    expect(await endingsOf(s.vendor)).toEqual([
      {
        kind: 'returned',
        title: `Returned: ${s.delivery.title}`,
        body: `The courier brought your item back to Cafe 101. ${reason}`,
        url: '/vendorPage',
      },
    ]);
    expect(await kindsOf(ctx, carrier)).toEqual([]);
    expect(await kindsOf(ctx, s.stranger)).toEqual([]);
  });
});

describe('the handover lock', () => {
  it('tells the buyer and the seller once, and no notice, event or mail carries the code', async () => {
    const carrier = await courier(ctx);
    const s = await codedDelivery(ctx, carrier);
    const wrong = wrongCode(s.code);
    for (let i = 0; i < HANDOVER_MAX_WRONG + 2; i++) {
      const res = await as(ctx, carrier).put(url(s.delivery), {
        delivery_status: 'Delivered',
        handover_code: wrong,
      });
      expect(res.statusCode, res.body).toBe(i < HANDOVER_MAX_WRONG - 1 ? 422 : 429);
    }
    const notice =
      'Someone entered 5 wrong handover codes for this delivery. Drop-off is locked for 15 minutes.';
    expect(await endingsOf(s.buyer)).toEqual([
      {
        kind: 'handover_locked',
        title: `Drop-off locked: ${s.delivery.title}`,
        body: notice,
        url: '/OrderStatus',
      },
    ]);
    expect(await endingsOf(s.vendor)).toEqual([
      {
        kind: 'handover_locked',
        title: `Drop-off locked: ${s.delivery.title}`,
        body: notice,
        url: '/vendorPage',
      },
    ]);
    expect(await kindsOf(ctx, carrier)).toEqual([]);

    await allTold(ctx);
    const db = ctx.database.db;
    const stored = [
      ...(await db.selectFrom('notification_events').select('payload').execute()).map(
        (r) => r.payload,
      ),
      ...(await db.selectFrom('notifications').select(['title', 'body', 'url']).execute()).map(
        (r) => `${r.title} ${r.body} ${r.url}`,
      ),
      ...(await db.selectFrom('push_outbox').selectAll().execute()).map((r) => JSON.stringify(r)),
      ...(await db.selectFrom('mail_outbox').selectAll().execute()).map((r) => JSON.stringify(r)),
    ].join('\n');
    expect(stored).toContain('Drop-off locked');
    expect(stored).not.toContain('handover_code');
    // Dates and times are digits too: the code is four digits standing alone.
    expect(stored).not.toMatch(new RegExp(`(?<![0-9:.T-])${s.code}(?![0-9:.Z-])`));
  });
});
