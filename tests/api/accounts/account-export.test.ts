/**
 * Download my data (GET /api/me/export): a JSON attachment with the person's profile,
 * listings, messages, reviews, requests and deliveries in every role, and nothing that is not
 * theirs to take (a password hash, a session, a code, another person's e-mail). Five an hour.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountExport, type AccountExport } from '#shared/schemas/accounts-data.js';
import { ACCOUNT_EXPORT_FORMAT, EXPORTS_PER_HOUR } from '#shared/leaving.js';
import { defaultPreferences, NOTIFICATION_KIND_NAMES } from '#shared/notification-kinds.js';
import {
  acceptRequest,
  courier,
  listingBody,
  listingOf,
  requestDelivery,
  reviewed,
  wrote,
} from '../data.js';
import { appForFile, as, signedInUser, type Actor } from '../harness.js';

const ctx = await appForFile();

const PUSH_ENDPOINT = 'https://push.example.net/send/a-capability-url';

const download = (who: Actor) => as(ctx, who).get('/api/me/export');

describe('GET /api/me/export', () => {
  let person: Actor;
  let seller: Actor;
  let buyer: Actor;
  let data: AccountExport;
  let text: string;
  let headers: Record<string, unknown>;
  let listingId: number;
  let kettleId: number;
  let deliveryAsBuyer: number;
  let deliveryAsCourier: number;

  beforeAll(async () => {
    person = await signedInUser(ctx, { is_courier: 1, first_name: 'Priya', last_name: 'Exporter' });
    seller = await signedInUser(ctx);
    buyer = await signedInUser(ctx);
    const db = ctx.database.db;

    // Their own listing, with a picture.
    const created = await as(ctx, person).post(
      '/api/listing',
      await listingBody(person, { title: 'Walnut desk' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    listingId = created.json<{ listing_id: number }>().listing_id;

    // Messages both ways about the seller's listing, and reviews both ways.
    const kettle = await listingOf(ctx, seller, { title: 'Red kettle' });
    kettleId = kettle.listing_id;
    await wrote(ctx, person, seller, kettle.listing_id, 'Does the kettle whistle?');
    await wrote(ctx, seller, person, kettle.listing_id, 'Loudly.');
    await reviewed(ctx, person, seller, 5, 'Quick replies');
    await reviewed(ctx, buyer, person, 3, 'Desk was fine');

    // A delivery as buyer (from the seller), a request as seller (from the buyer), and a
    // delivery carried as courier between the two others.
    const asBuyer = {
      vendor: seller,
      buyer: person,
      stranger: buyer,
      listing_id: kettle.listing_id,
    };
    const request = await requestDelivery(ctx, asBuyer);
    deliveryAsBuyer = (await acceptRequest(ctx, asBuyer, request.delivery_request_id)).delivery_id;
    await requestDelivery(ctx, { vendor: person, buyer, stranger: seller, listing_id: listingId });
    const carried = {
      vendor: seller,
      buyer,
      stranger: person,
      listing_id: (await listingOf(ctx, seller)).listing_id,
    };
    const carriedRequest = await requestDelivery(ctx, carried);
    deliveryAsCourier = (await acceptRequest(ctx, carried, carriedRequest.delivery_request_id))
      .delivery_id;
    const claim = await as(ctx, person).put(`/api/delivery_instruction/${deliveryAsCourier}`, {
      courier_id: person.user.user_id,
      delivery_status: 'Assigned',
    });
    expect(claim.statusCode, claim.body).toBe(200);

    // A block, a report, a mailed reset link and a verification code kept for them.
    await as(ctx, person).post('/api/blocks', { user_id: (await courier(ctx)).user.user_id });
    const reported = await as(ctx, person).post('/api/reports', {
      target_type: 'user',
      target_id: buyer.user.user_id,
      reason: 'spam',
      note: 'Sends the same message to everyone',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    await db
      .insertInto('email_verifications')
      .values({
        user_id: person.user.user_id,
        code_hash: createHash('sha256').update(`${person.user.user_id}:123456`).digest('hex'),
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        sent_at: new Date().toISOString(),
        window_start: new Date().toISOString(),
        window_sends: 1,
      })
      .execute();

    // A switch changed; a notification of theirs and one of someone else's; a subscribed phone.
    const prefs = await as(ctx, person).put('/api/notification-preferences', {
      delivered: { email: false },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const now = new Date().toISOString();
    const notice = (userId: number, body: string) => ({
      user_id: userId,
      kind: 'message' as const,
      title: 'New message',
      body,
      url: '/Chats',
      group_key: null,
      created_at: now,
      read_at: null,
    });
    await db
      .insertInto('notifications')
      .values([notice(person.user.user_id, 'Loudly.'), notice(seller.user.user_id, 'Not theirs')])
      .execute();
    await db
      .insertInto('push_subscriptions')
      .values({
        user_id: person.user.user_id,
        endpoint: PUSH_ENDPOINT,
        p256dh: 'device-public-key',
        auth: 'device-auth-secret',
        session_hash: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    // Kept: a favourite and a saved search.
    const kept = await as(ctx, person).put(`/api/favorites/${kettle.listing_id}`);
    expect(kept.statusCode, kept.body).toBe(200);
    const saved = await as(ctx, person).post('/api/saved-searches', { title: 'kettle' });
    expect(saved.statusCode, saved.body).toBe(201);

    const res = await download(person);
    expect(res.statusCode, res.body).toBe(200);
    headers = res.headers;
    text = res.body;
    data = accountExport.parse(JSON.parse(text));
  });

  it('is a JSON attachment named for the person and the day, never cached', () => {
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['content-disposition']).toBe(
      `attachment; filename="gator-market-data-${person.user.username}-${data.exported_at.slice(0, 10)}.json"`,
    );
    expect(headers['cache-control']).toBe('no-store');
    expect(data.format).toBe(ACCOUNT_EXPORT_FORMAT);
  });

  it('holds the profile and the listings with their pictures', async () => {
    expect(data.profile).toMatchObject({
      user_id: person.user.user_id,
      username: person.user.username,
      first_name: 'Priya',
      last_name: 'Exporter',
      sfsu_email: person.user.sfsu_email,
      is_courier: 1,
    });
    const desk = data.listings.find((l) => l.listing_id === listingId);
    expect(desk).toMatchObject({ title: 'Walnut desk', price: 12.5, listing_status: 'Active' });
    expect(desk?.pictures).toHaveLength(2);
    for (const url of desk!.pictures) {
      expect(url).toMatch(
        new RegExp(`^${ctx.config.publicUrl}/uploads/[0-9a-f]{32}(-sm)?\\.webp$`),
      );
      const picture = await as(ctx).get(url.slice(ctx.config.publicUrl.length));
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
    }
  });

  it('holds messages sent and received, and reviews written and received', () => {
    expect(data.messages.map((m) => [m.direction, m.content, m.other.user_id])).toEqual([
      ['sent', 'Does the kettle whistle?', seller.user.user_id],
      ['received', 'Loudly.', seller.user.user_id],
    ]);
    expect(data.messages[0]).toMatchObject({
      listing_title: 'Red kettle',
      other: { username: seller.user.username },
    });
    expect(data.reviews_written).toEqual([
      expect.objectContaining({
        comment: 'Quick replies',
        seller: { user_id: seller.user.user_id, username: seller.user.username },
      }),
    ]);
    expect(data.reviews_received).toEqual([
      expect.objectContaining({ comment: 'Desk was fine', rating: 3 }),
    ]);
  });

  it('holds delivery requests and deliveries in every role, with their history', () => {
    expect(data.delivery_requests.map((r) => [r.role, r.status]).sort()).toEqual([
      ['buyer', 'Approved'],
      ['seller', 'Pending'],
    ]);
    const mine = data.deliveries.find((d) => d.delivery_id === deliveryAsBuyer);
    expect(mine).toMatchObject({ roles: ['buyer'], delivery_status: 'Unassigned', courier: null });
    const carried = data.deliveries.find((d) => d.delivery_id === deliveryAsCourier);
    expect(carried).toMatchObject({
      roles: ['courier'],
      delivery_status: 'Assigned',
      courier: { user_id: person.user.user_id, username: person.user.username },
    });
    expect(carried?.history.map((h) => h.delivery_status)).toContain('Assigned');
    expect(data.blocked).toHaveLength(1);
    expect(data.reports_filed).toEqual([
      expect.objectContaining({ reason: 'spam', note: 'Sends the same message to everyone' }),
    ]);
  });

  it('holds their notifications and every notification switch', () => {
    // Theirs (the ones the deliveries above told them of too), never another person's.
    expect(data.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'message', title: 'New message', body: 'Loudly.' }),
      ]),
    );
    expect(text).not.toContain('Not theirs');
    expect(Object.keys(data.notification_preferences).sort()).toEqual(
      [...NOTIFICATION_KIND_NAMES].sort(),
    );
    expect(data.notification_preferences.delivered).toEqual({ push: true, email: false });
    expect(data.notification_preferences.message).toEqual(defaultPreferences().message);
  });

  it('holds their favourites and saved searches', () => {
    expect(data.favorites).toEqual([{ listing_id: kettleId, created_at: expect.any(String) }]);
    expect(data.saved_searches).toEqual([
      expect.objectContaining({ query: expect.stringContaining('"title":"kettle"') }),
    ]);
  });

  it("holds no password hash, session, code or other person's e-mail", async () => {
    const db = ctx.database.db;
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('user_id', '=', person.user.user_id)
      .executeTakeFirstOrThrow();
    const sessions = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', person.user.user_id)
      .execute();
    const codes = await db.selectFrom('email_verifications').select('code_hash').execute();
    const token = person.cookie.split('=')[1]!;
    const forbidden = [
      row.password_hash,
      row.password_hash.split('$').at(-1)!,
      token,
      ...sessions.map((s) => s.token_hash),
      ...codes.map((c) => c.code_hash),
      seller.user.sfsu_email,
      buyer.user.sfsu_email,
      // A push subscription is a device's address and keys, not the person's data.
      PUSH_ENDPOINT,
      'device-auth-secret',
    ];
    for (const secret of forbidden) expect(text).not.toContain(secret);
    for (const key of ['password', 'token', 'code_hash', 'session']) {
      expect(text).not.toContain(`"${key}`);
    }
    // Only the person's own address is in it.
    expect(text.match(/[\w.+-]+@[\w.-]+/g)).toEqual([person.user.sfsu_email]);
  });
});

describe('limits', () => {
  it('asks for a session, then answers at most five downloads an hour', async () => {
    expect((await as(ctx).get('/api/me/export')).statusCode).toBe(401);
    const person = await signedInUser(ctx);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) {
      expect((await download(person)).statusCode).toBe(200);
    }
    const refused = await download(person);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Someone else is not held up by it.
    expect((await download(await signedInUser(ctx))).statusCode).toBe(200);
  });
});
