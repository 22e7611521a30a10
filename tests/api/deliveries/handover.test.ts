/**
 * The handover code and the photo proof of a drop-off: who reads the code (its buyer only),
 * what a missing or wrong code gets (422, nothing changes), the lock after five wrong codes
 * (429 with Retry-After, buyer and vendor told), and the photo through the image pipeline.
 */
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_LOCK_MS, HANDOVER_MAX_WRONG } from '#shared/handover.js';
import {
  codedDelivery,
  courier as newCourier,
  jpegWithGps,
  moveAlong,
  parties,
  unassignedDelivery,
  wrongCode,
} from '../data.js';
import { as, createTestApp, snapshot, type Actor, type TestContext } from '../harness.js';
import { openSse, type SseConnection } from '../sse-client.js';

let ctx: TestContext;
let base: string;
let jace: Actor;
const log: string[] = [];
const streams: SseConnection[] = [];

beforeAll(async () => {
  // Every line the server logs, at its most talkative: none may carry a code.
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  ctx = await createTestApp({ logStream, env: { LOG_LEVEL: 'debug' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  jace = await newCourier(ctx, 'jace_h');
});
afterAll(async () => {
  for (const s of streams) s.close();
  await ctx.close();
});

const url = (d: { delivery_id: number }) => `/api/delivery_instruction/${d.delivery_id}`;
const dropOff = (who: Actor, d: { delivery_id: number }, extra: Record<string, unknown> = {}) =>
  as(ctx, who).put(url(d), { delivery_status: 'Delivered', ...extra });

async function stream(actor: Actor) {
  const conn = await openSse(base, actor.cookie);
  streams.push(conn);
  await conn.next('ready');
  return conn;
}

/** Every table but the wrong-try counter, which a wrong code is meant to move. */
async function dataBesidesTries() {
  const { handover_codes: _tries, ...rest } = await snapshot(ctx);
  return rest;
}

describe('asking for a handover code', () => {
  it('takes require_handover_code as a boolean or 0/1, and leaves it off when absent', async () => {
    for (const [sent, expected] of [
      [true, 1],
      [1, 1],
      ['1', 1],
      [false, 0],
      [0, 0],
      [undefined, 0],
    ] as const) {
      const s = await parties(ctx);
      const listing_id = s.listing_id;
      const res = await as(ctx, s.buyer).post('/api/delivery_request', {
        buyer_id: s.buyer.user.user_id,
        vendor_id: s.vendor.user.user_id,
        listing_id,
        dropoff: 'Library',
        ...(sent !== undefined && { require_handover_code: sent }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().require_handover_code).toBe(expected);
    }
  });

  it('gives the delivery a 4-digit code on accept that only its buyer reads', async () => {
    const s = await codedDelivery(ctx);
    expect(s.code).toMatch(/^[0-9]{4}$/);
    expect(s.delivery.handover_required).toBe(1);
    expect(JSON.stringify(s.delivery)).not.toContain('"handover_code"');

    const claimed = await as(ctx, jace).put(url(s.delivery), { delivery_status: 'Assigned' });
    const reads = [
      claimed,
      await as(ctx, jace).get(url(s.delivery)),
      await as(ctx, jace).get(`/api/delivery_instruction/courier/${jace.user.user_id}`),
      await as(ctx, jace).get('/api/delivery_instruction'),
      await as(ctx, jace).get(`${url(s.delivery)}/events`),
      await as(ctx, s.vendor).get('/api/delivery_instruction'),
      await as(ctx, s.vendor).get(url(s.delivery)),
      await as(ctx, s.vendor).get('/api/delivery_request'),
      // Even the buyer's single read leaves it out: their own list is the one place.
      await as(ctx, s.buyer).get(url(s.delivery)),
      await as(ctx, s.stranger).get('/api/delivery_instruction'),
    ];
    for (const res of reads) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('"handover_code"');
      expect(res.body).not.toContain(`"${s.code}"`);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const own = await as(ctx, s.buyer).get('/api/delivery_instruction');
    expect(own.headers['cache-control']).toBe('no-store');
    const mine = own
      .json()
      .find((d: { delivery_id: number }) => d.delivery_id === s.delivery.delivery_id);
    expect(mine).toMatchObject({ handover_required: 1, handover_code: s.code });
  });

  it('never sends the code in a live event, nor writes it in the log', async () => {
    const s = await codedDelivery(ctx);
    const watchers = await Promise.all([stream(s.buyer), stream(s.vendor), stream(jace)]);
    await moveAlong(ctx, jace, s.delivery, ['Assigned', 'Picked Up']);
    expect((await dropOff(jace, s.delivery, { handover_code: wrongCode(s.code) })).statusCode).toBe(
      422,
    );
    expect((await dropOff(jace, s.delivery, { handover_code: s.code })).statusCode).toBe(200);
    await watchers[0]!.next(
      'delivery.updated',
      (d: { delivery?: { delivery_status?: string } }) =>
        d.delivery?.delivery_status === 'Delivered',
    );
    for (const w of watchers) {
      const sent = JSON.stringify(w.events);
      expect(sent).not.toContain('"handover_code"');
      expect(sent).not.toContain(`"${s.code}"`);
    }
    const written = log.join('');
    expect(written).toContain('"reqId"'); // the log is on, at debug level
    expect(written).not.toContain('"handover_code"');
    expect(written).not.toContain(`"${s.code}"`);
  });
});

describe('drop-off with the code', () => {
  it('answers a missing or wrong code with 422 and changes nothing else', async () => {
    const s = await codedDelivery(ctx, jace);
    const before = await snapshot(ctx);
    const missing = await dropOff(jace, s.delivery);
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().message).toMatch(/4-digit handover code/);
    expect(await snapshot(ctx)).toEqual(before);

    const wrong = await dropOff(jace, s.delivery, { handover_code: wrongCode(s.code) });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json()).toEqual({
      message: `That handover code is not right. ${HANDOVER_MAX_WRONG - 1} tries left.`,
      code: 'validation',
    });
    const { handover_codes: _tries, ...rest } = before;
    expect(await dataBesidesTries()).toEqual(rest);
    expect((await as(ctx, jace).get(url(s.delivery))).json().delivery_status).toBe('Picked Up');
  });

  it('delivers with the right code; a replay with it is 200', async () => {
    const s = await codedDelivery(ctx, jace);
    // Spaces between the digits are fine, as a keypad may put them.
    const code = `${s.code.slice(0, 2)} ${s.code.slice(2)}`;
    const res = await dropOff(jace, s.delivery, {
      handover_code: code,
      device_time: new Date().toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      delivery_status: 'Delivered',
      courier_id: jace.user.user_id,
    });
    const replay = await dropOff(jace, s.delivery, { handover_code: s.code });
    expect(replay.statusCode, replay.body).toBe(200);
    const events = (await as(ctx, jace).get(`${url(s.delivery)}/events`)).json();
    expect(
      events.filter((e: { delivery_status: string }) => e.delivery_status === 'Delivered'),
    ).toHaveLength(1);
  });

  it('refuses a code that is not 4 digits with 400, spending no try', async () => {
    const s = await codedDelivery(ctx, jace);
    const before = await snapshot(ctx);
    for (const handover_code of ['123', '12345', '12a4', '', 1234, null]) {
      const res = await dropOff(jace, s.delivery, { handover_code });
      expect(res.statusCode, `${String(handover_code)}: ${res.body}`).toBe(400);
    }
    // A code goes with Delivered only.
    const early = await as(ctx, jace).put(url(s.delivery), {
      delivery_status: 'Picked Up',
      handover_code: s.code,
    });
    expect(early.statusCode).toBe(400);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('asks nothing of a delivery without a code (the original client)', async () => {
    const s = await unassignedDelivery(ctx);
    await moveAlong(ctx, jace, s.delivery, ['Assigned', 'Picked Up']);
    const res = await as(ctx, jace).put(url(s.delivery), { delivery_status: 'Delivered' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().handover_required).toBe(0);
  });

  it('checks the code only for the courier who holds the delivery', async () => {
    const s = await codedDelivery(ctx, jace);
    const tom = await newCourier(ctx);
    const before = await snapshot(ctx);
    for (const who of [tom, s.buyer, s.vendor, s.stranger]) {
      const res = await dropOff(who, s.delivery, { handover_code: s.code });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(await snapshot(ctx)).toEqual(before);
  });
});

describe('five wrong codes', () => {
  it('locks drop-off for 15 minutes (429, Retry-After) and tells the buyer and the vendor', async () => {
    const s = await codedDelivery(ctx, jace);
    const buyerStream = await stream(s.buyer);
    const vendorStream = await stream(s.vendor);
    const wrong = wrongCode(s.code);
    for (let left = HANDOVER_MAX_WRONG - 1; left >= 1; left--) {
      const res = await dropOff(jace, s.delivery, { handover_code: wrong });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toContain(left === 1 ? '1 try left' : `${left} tries left`);
    }
    const fifth = await dropOff(jace, s.delivery, { handover_code: wrong });
    expect(fifth.statusCode, fifth.body).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'rate_limited' });
    expect(fifth.json().message).toMatch(/locked for 15 minutes/);
    const retryAfter = Number(fifth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(HANDOVER_LOCK_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(HANDOVER_LOCK_MS / 1000);

    // Even the right code waits for the lock to run out.
    const right = await dropOff(jace, s.delivery, { handover_code: s.code });
    expect(right.statusCode, right.body).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);

    for (const told of [buyerStream, vendorStream]) {
      const event = await told.next('delivery.updated', (d: { notice?: string }) => !!d.notice);
      expect(event.data).toMatchObject({
        notice: expect.stringContaining('5 wrong handover codes'),
        delivery: {
          delivery_id: s.delivery.delivery_id,
          handover_locked_until: expect.any(String),
        },
      });
    }
    for (const who of [s.buyer, s.vendor, jace]) {
      const seen = (await as(ctx, who).get(url(s.delivery))).json();
      expect(seen).toMatchObject({
        delivery_status: 'Picked Up',
        handover_locked_until: expect.any(String),
      });
    }

    // Once the lock has run out, the right code delivers.
    await ctx.database.db
      .updateTable('handover_codes')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('delivery_id', '=', s.delivery.delivery_id)
      .execute();
    expect((await as(ctx, s.buyer).get(url(s.delivery))).json().handover_locked_until).toBeNull();
    const after = await dropOff(jace, s.delivery, { handover_code: s.code });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('counts parallel tries: of many wrong codes at once, only five are checked', async () => {
    const s = await codedDelivery(ctx, jace);
    const wrong = wrongCode(s.code);
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => dropOff(jace, s.delivery, { handover_code: wrong })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 422)).toHaveLength(HANDOVER_MAX_WRONG - 1);
    expect(codes.filter((c) => c === 429)).toHaveLength(9 - (HANDOVER_MAX_WRONG - 1));
    const row = await ctx.database.db
      .selectFrom('handover_codes')
      .select(['wrong_tries', 'locked_until'])
      .where('delivery_id', '=', s.delivery.delivery_id)
      .executeTakeFirstOrThrow();
    expect(row.wrong_tries).toBe(HANDOVER_MAX_WRONG);
    expect(row.locked_until).not.toBeNull();
  });

  it('does not count the right code against the courier', async () => {
    const s = await codedDelivery(ctx, jace);
    for (let i = 0; i < HANDOVER_MAX_WRONG - 1; i++)
      await dropOff(jace, s.delivery, { handover_code: wrongCode(s.code) });
    const res = await dropOff(jace, s.delivery, { handover_code: s.code });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('photo proof at drop-off', () => {
  it('goes through the image pipeline and shows to the buyer and the vendor', async () => {
    const s = await codedDelivery(ctx, jace);
    const photo = `data:image/jpeg;base64,${(await jpegWithGps()).toString('base64')}`;
    const res = await dropOff(jace, s.delivery, { handover_code: s.code, proof_photo: photo });
    expect(res.statusCode, res.body).toBe(200);
    const proof: string = res.json().proof_photo;
    expect(proof).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const served = await as(ctx).get(proof);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    // Re-encoded: the phone's EXIF block (maker, GPS position) is gone.
    expect(meta.exif).toBeUndefined();
    for (const who of [s.buyer, s.vendor]) {
      const seen = (await as(ctx, who).get('/api/delivery_instruction')).json();
      expect(
        seen.find((d: { delivery_id: number }) => d.delivery_id === s.delivery.delivery_id),
      ).toMatchObject({ proof_photo: proof, delivery_status: 'Delivered' });
    }
  });

  it('refuses a photo that is no image before spending a code try, changing nothing', async () => {
    const s = await codedDelivery(ctx, jace);
    const before = await snapshot(ctx);
    for (const proof_photo of [
      'not base64 !!',
      '',
      Buffer.from('<html>hi</html>').toString('base64'),
    ]) {
      const res = await dropOff(jace, s.delivery, { handover_code: s.code, proof_photo });
      expect(res.statusCode, res.body).toBe(400);
    }
    const early = await as(ctx, jace).put(url(s.delivery), {
      delivery_status: 'Picked Up',
      proof_photo: (await jpegWithGps()).toString('base64'),
    });
    expect(early.statusCode).toBe(400);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('keeps the photo of a replayed drop-off whose first answer was lost', async () => {
    const s = await unassignedDelivery(ctx);
    await moveAlong(ctx, jace, s.delivery, ['Assigned', 'Picked Up', 'Delivered']);
    const photo = (await jpegWithGps()).toString('base64');
    const replay = await dropOff(jace, s.delivery, { proof_photo: photo });
    expect(replay.statusCode, replay.body).toBe(200);
    const first = replay.json().proof_photo;
    expect(first).toMatch(/^\/uploads\//);
    // A later one does not replace it.
    const other = (
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } })
        .png()
        .toBuffer()
    ).toString('base64');
    expect((await dropOff(jace, s.delivery, { proof_photo: other })).json().proof_photo).toBe(
      first,
    );
  });
});
