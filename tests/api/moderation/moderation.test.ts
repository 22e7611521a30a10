/**
 * Trust and safety through the API: reports (one open per person and target), the moderator's
 * queue and decisions (hide a listing, suspend an account, dismiss a report), the audit trail,
 * and the moderator role from MODERATOR_EMAILS and from the script.
 */
import { describe, expect, it } from 'vitest';
import { createMessage, createUser } from '#server/db/factories.js';
import { moderatorCommand } from '#server/cli/moderator.js';
import { HIDDEN_PREFIX, REPORT_RECEIVED, SUSPENDED_PREFIX } from '#shared/moderation.js';
import type { AuditEntry, ReportGroup } from '#shared/schemas/moderation.js';
import type { Listing } from '#shared/schemas/listings.js';
import { listingOf } from '../data.js';
import { appForFile, as, countRows, signedInUser, type Actor } from '../harness.js';

const MODERATOR_EMAIL = 'desk.mod@sfsu.edu';
const ctx = await appForFile({ env: { MODERATOR_EMAILS: `someone@sfsu.edu, ${MODERATOR_EMAIL}` } });
const mod = await signedInUser(ctx, { sfsu_email: MODERATOR_EMAIL, username: 'desk_mod' });

const report = (who: Actor, body: Record<string, unknown>) =>
  as(ctx, who).post('/api/reports', { reason: 'scam', note: '', ...body });

async function queue(): Promise<ReportGroup[]> {
  const res = await as(ctx, mod).get('/api/moderation/reports');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const groupOf = async (type: string, id: number) =>
  (await queue()).find((g) => g.target_type === type && g.target_id === id);

async function audit(): Promise<AuditEntry[]> {
  return (await as(ctx, mod).get('/api/moderation/audit')).json();
}

describe('the moderator role', () => {
  it('comes from MODERATOR_EMAILS at sign-in, once the address is confirmed, and is audited', async () => {
    expect(mod.user.is_moderator).toBe(1);
    const entry = (await audit()).find(
      (a) => a.action === 'moderator.grant' && a.target_id === mod.user.user_id,
    );
    expect(entry).toMatchObject({ moderator: 'MODERATOR_EMAILS', target: 'desk_mod' });

    // Anyone may register any campus address: an unconfirmed one gives no role.
    const unconfirmed = await signedInUser(ctx, {
      sfsu_email: 'someone@sfsu.edu',
      email_verified: 0,
    });
    expect(unconfirmed.user.is_moderator).toBe(0);
    expect((await as(ctx, unconfirmed).get('/api/moderation/reports')).statusCode).toBe(403);
  });

  it('is given and taken by `npm run moderator -- grant|revoke <email>`', async () => {
    const env = { DATABASE_URL: ctx.config.databaseUrl, LOG_LEVEL: 'silent' };
    const person = await signedInUser(ctx);
    const email = person.user.sfsu_email;
    expect(await moderatorCommand(['grant', email.toUpperCase()], env)).toEqual({
      code: 0,
      text: `${person.user.username} (${email}) is now a moderator.`,
    });
    // The next request of a session already open sees the role.
    expect((await as(ctx, person).get('/api/moderation/reports')).statusCode).toBe(200);
    expect((await moderatorCommand(['grant', email], env)).text).toMatch(/is already a moderator/);
    expect((await moderatorCommand(['revoke', email], env)).text).toMatch(/no longer a moderator/);
    expect((await as(ctx, person).get('/api/moderation/reports')).statusCode).toBe(403);
    expect((await moderatorCommand(['revoke', 'nobody@sfsu.edu'], env)).code).toBe(1);
    expect((await moderatorCommand(['promote', email], env)).code).toBe(2);
    const actions = (await audit())
      .filter((a) => a.target_id === person.user.user_id)
      .map((a) => [a.action, a.moderator]);
    expect(actions).toEqual([
      ['moderator.revoke', 'npm run moderator'],
      ['moderator.grant', 'npm run moderator'],
    ]);
  });
});

describe('POST /api/reports', () => {
  it('takes a report of a listing, a user or a received message, and changes nothing else', async () => {
    const seller = await signedInUser(ctx);
    const buyer = await signedInUser(ctx);
    const listing = await listingOf(ctx, seller, { title: 'Suspicious bike' });
    const message = await createMessage(ctx.database.db, {
      sender_id: seller.user.user_id,
      receiver_id: buyer.user.user_id,
      listing_id: listing.listing_id,
      content: 'Pay me by gift card',
    });
    const res = await report(buyer, {
      target_type: 'Listing',
      target_id: listing.listing_id,
      reason: ' Prohibited ',
      note: '  Stolen, I know the owner  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      report_id: expect.any(Number),
      target_type: 'listing',
      target_id: listing.listing_id,
      reason: 'prohibited',
      status: 'open',
      created_at: expect.any(String),
      message: REPORT_RECEIVED,
    });
    expect(
      (await report(buyer, { target_type: 'user', target_id: seller.user.user_id })).statusCode,
    ).toBe(201);
    expect(
      (await report(buyer, { target_type: 'message', target_id: message.message_id })).statusCode,
    ).toBe(201);
    // The listing is still there for everyone.
    expect((await as(ctx).get(`/api/listing/${listing.listing_id}`)).statusCode).toBe(200);

    const group = await groupOf('listing', listing.listing_id);
    expect(group).toMatchObject({
      summary: 'Suspicious bike',
      owner_id: seller.user.user_id,
      hidden: false,
      count: 1,
      reports: [
        { reason: 'prohibited', note: 'Stolen, I know the owner', reporter: buyer.user.username },
      ],
    });
    expect(await groupOf('message', message.message_id)).toMatchObject({
      summary: 'Pay me by gift card',
      owner_username: seller.user.username,
      listing_id: listing.listing_id,
    });
  });

  it('keeps one open report per person and target (409), and counts reporters in the queue', async () => {
    const seller = await signedInUser(ctx);
    const listing = await listingOf(ctx, seller);
    const [a, b] = [await signedInUser(ctx), await signedInUser(ctx)];
    const target = { target_type: 'listing', target_id: listing.listing_id };
    expect((await report(a, target)).statusCode).toBe(201);
    const again = await report(a, { ...target, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reported/);
    const twice = await Promise.all([report(b, target), report(b, target)]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await groupOf('listing', listing.listing_id))?.count).toBe(2);
  });

  it('refuses what cannot be reported, storing nothing', async () => {
    const me = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const mine = await listingOf(ctx, me);
    const theirs = await listingOf(ctx, other);
    const between = await createMessage(ctx.database.db, {
      sender_id: other.user.user_id,
      receiver_id: mod.user.user_id,
      listing_id: theirs.listing_id,
      content: 'not for me to see',
    });
    const rows = await countRows(ctx);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ target_type: 'user', target_id: me.user.user_id }, 400, /yourself/],
      [{ target_type: 'listing', target_id: mine.listing_id }, 400, /your own listing/],
      [{ target_type: 'listing', target_id: 999999 }, 404, /No item Found/],
      [{ target_type: 'user', target_id: 999999 }, 404, /No such user/],
      // A message between two other people is none of the reporter's business.
      [{ target_type: 'message', target_id: between.message_id }, 404, /No such message/],
      [{ target_type: 'review', target_id: 1 }, 400, /target_type must be one of/],
      [{ target_type: 'user', target_id: other.user.user_id, reason: 'rude' }, 400, /Reason/],
      [{ target_type: 'user', target_id: other.user.user_id, note: 'x'.repeat(1001) }, 400, /Note/],
      [{ target_type: 'user', target_id: 'abc' }, 400, /target_id/],
    ];
    for (const [body, status, message] of cases) {
      const res = await report(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await as(ctx).post('/api/reports', { target_type: 'user' })).statusCode).toBe(401);
    expect(await countRows(ctx)).toEqual(rows);
  });
});

describe('hiding a listing', () => {
  it('takes it out of search, featured and the seller’s list, 404 to others, the reason to its seller', async () => {
    const seller = await signedInUser(ctx);
    const buyer = await signedInUser(ctx);
    const listing = await listingOf(ctx, seller, { title: 'Contraband zebra lamp' });
    await report(buyer, { target_type: 'listing', target_id: listing.listing_id });
    const search = () => as(ctx).get('/api/title?title=zebra');
    expect((await search()).json()).toHaveLength(1);

    const hide = await as(ctx, mod).put(`/api/moderation/listings/${listing.listing_id}`, {
      hidden: true,
      reason: 'Weapons are not allowed',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({
      listing_id: listing.listing_id,
      hidden: true,
      hidden_reason: 'Weapons are not allowed',
    });

    expect((await search()).json()).toEqual([]);
    const featured = (await as(ctx).get('/api/listing/featured?limit=24')).json() as Listing[];
    expect(featured.map((l) => l.listing_id)).not.toContain(listing.listing_id);
    const active = (await as(ctx).get(`/api/listing/active/${seller.user.user_id}`)).json();
    expect(active).toEqual([]);
    expect((await as(ctx).get(`/api/listing/${listing.listing_id}`)).statusCode).toBe(404);
    expect((await as(ctx, buyer).get(`/api/listing/${listing.listing_id}`)).statusCode).toBe(404);
    const own = await as(ctx, seller).get(`/api/listing/${listing.listing_id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.json()[0]).toMatchObject({
      listing_status: 'Active',
      hidden_reason: 'Weapons are not allowed',
    });
    expect((await as(ctx, mod).get(`/api/listing/${listing.listing_id}`)).statusCode).toBe(200);
    // The seller cannot change it back, and is told why.
    const sold = await as(ctx, seller).put(`/api/listing/${listing.listing_id}`, {
      listing_status: 'Active',
    });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe(`${HIDDEN_PREFIX}Weapons are not allowed`);
    // Nobody can message about it or ask for its delivery.
    const message = await as(ctx, buyer).post('/api/direct_message', {
      sender_id: buyer.user.user_id,
      receiver_id: seller.user.user_id,
      listing_id: listing.listing_id,
      content: 'still there?',
    });
    expect(message.statusCode).toBe(404);
    // The report was answered by the decision.
    expect(await groupOf('listing', listing.listing_id)).toBeUndefined();

    const restore = await as(ctx, mod).put(`/api/moderation/listings/${listing.listing_id}`, {
      hidden: false,
      reason: 'Seller showed it is a lamp',
    });
    expect(restore.json()).toMatchObject({ hidden: false, hidden_reason: null });
    expect((await search()).json()).toHaveLength(1);
    const back = (await as(ctx).get(`/api/listing/${listing.listing_id}`)).json()[0];
    expect(back.listing_status).toBe('Active');
    expect(back).not.toHaveProperty('hidden_reason');

    const trail = (await audit()).filter(
      (a) => a.target_type === 'listing' && a.target_id === listing.listing_id,
    );
    expect(trail.map((a) => [a.action, a.moderator, a.target, a.reason])).toEqual([
      ['listing.restore', 'desk_mod', 'Contraband zebra lamp', 'Seller showed it is a lamp'],
      ['listing.hide', 'desk_mod', 'Contraband zebra lamp', 'Weapons are not allowed'],
    ]);
  });

  it('keeps a sold listing sold when it comes back, and refuses what a moderator cannot do', async () => {
    const seller = await signedInUser(ctx);
    const listing = await listingOf(ctx, seller, { listing_status: 'Sold' });
    const url = `/api/moderation/listings/${listing.listing_id}`;
    expect((await as(ctx, mod).put(url, { hidden: true, reason: 'Spam' })).statusCode).toBe(200);
    expect((await as(ctx, mod).put(url, { hidden: false })).statusCode).toBe(200);
    expect((await as(ctx).get(`/api/listing/${listing.listing_id}`)).json()[0].listing_status).toBe(
      'Sold',
    );
    expect((await as(ctx, mod).put(url, { hidden: true })).statusCode).toBe(400);
    expect((await as(ctx, mod).put(url, { hidden: 'yes', reason: 'x' })).statusCode).toBe(400);
    expect(
      (await as(ctx, mod).put('/api/moderation/listings/999999', { hidden: true, reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await as(ctx, seller).put(url, { hidden: true, reason: 'x' })).statusCode).toBe(403);
  });
});

describe('suspending an account', () => {
  it('ends its sessions, refuses its sign-in with the reason, hides its listings; restoring undoes it', async () => {
    const person = await signedInUser(ctx, { password: 'a long password' });
    const reporter = await signedInUser(ctx);
    const up = await listingOf(ctx, person, { title: 'Suspended sellers quilt' });
    const hiddenAlone = await listingOf(ctx, person, { title: 'Separately hidden kite' });
    await as(ctx, mod).put(`/api/moderation/listings/${hiddenAlone.listing_id}`, {
      hidden: true,
      reason: 'Counterfeit',
    });
    await report(reporter, { target_type: 'user', target_id: person.user.user_id });
    expect((await as(ctx, person).get('/api/me')).statusCode).toBe(200);

    const res = await as(ctx, mod).put(`/api/moderation/users/${person.user.user_id}`, {
      suspended: true,
      reason: 'Repeated scams',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      user_id: person.user.user_id,
      username: person.user.username,
      suspended: true,
      suspended_reason: 'Repeated scams',
    });
    expect((await as(ctx, person).get('/api/me')).statusCode).toBe(401);
    const login = await as(ctx).post('/api/login', {
      email: person.user.sfsu_email,
      password: 'a long password',
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      message: `${SUSPENDED_PREFIX}Repeated scams`,
      code: 'suspended',
    });
    // A wrong password is not told about the suspension.
    const wrong = await as(ctx).post('/api/login', {
      email: person.user.sfsu_email,
      password: 'not it at all',
    });
    expect(wrong.statusCode).toBe(401);
    expect((await as(ctx).get('/api/title?title=quilt')).json()).toEqual([]);
    expect((await as(ctx).get(`/api/listing/${up.listing_id}`)).statusCode).toBe(404);
    expect(await groupOf('user', person.user.user_id)).toBeUndefined();
    // Its listing comes back only with the account.
    const early = await as(ctx, mod).put(`/api/moderation/listings/${up.listing_id}`, {
      hidden: false,
    });
    expect(early.statusCode).toBe(409);

    const restored = await as(ctx, mod).put(`/api/moderation/users/${person.user.user_id}`, {
      suspended: false,
      reason: 'Appeal accepted',
    });
    expect(restored.json()).toMatchObject({ suspended: false, suspended_reason: null });
    expect((await as(ctx).get('/api/title?title=quilt')).json()).toHaveLength(1);
    // A listing hidden on its own stays hidden.
    expect((await as(ctx).get(`/api/listing/${hiddenAlone.listing_id}`)).statusCode).toBe(404);
    const again = await as(ctx).post('/api/login', {
      email: person.user.sfsu_email,
      password: 'a long password',
    });
    expect(again.statusCode).toBe(200);
    const trail = (await audit()).filter(
      (a) => a.target_type === 'user' && a.target_id === person.user.user_id,
    );
    expect(trail.map((a) => [a.action, a.reason])).toEqual([
      ['user.restore', 'Appeal accepted'],
      ['user.suspend', 'Repeated scams'],
    ]);
  });

  it('refuses to suspend oneself, another moderator, an unknown user, or without a reason', async () => {
    const other = await createUser(ctx.database.db, { is_courier: 0 });
    const url = (id: number) => `/api/moderation/users/${id}`;
    expect(
      (await as(ctx, mod).put(url(mod.user.user_id), { suspended: true, reason: 'x' })).statusCode,
    ).toBe(400);
    expect((await as(ctx, mod).put(url(other.user_id), { suspended: true })).statusCode).toBe(400);
    expect((await as(ctx, mod).put(url(999999), { suspended: true, reason: 'x' })).statusCode).toBe(
      404,
    );
    const peer = await signedInUser(ctx);
    await ctx.database.db
      .updateTable('users')
      .set({ is_moderator: 1 })
      .where('user_id', '=', peer.user.user_id)
      .execute();
    expect(
      (await as(ctx, mod).put(url(peer.user.user_id), { suspended: true, reason: 'x' })).statusCode,
    ).toBe(409);
  });
});

describe('dismissing a report', () => {
  it('closes that report only, is audited, and lets the reporter report again', async () => {
    const target = await signedInUser(ctx);
    const [a, b] = [await signedInUser(ctx), await signedInUser(ctx)];
    const first = (await report(a, { target_type: 'user', target_id: target.user.user_id })).json();
    await report(b, { target_type: 'user', target_id: target.user.user_id });
    const res = await as(ctx, mod).put(`/api/moderation/reports/${first.report_id}`, {
      status: 'dismissed',
      reason: 'Not a scam, a price dispute',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ report_id: first.report_id, status: 'dismissed' });
    expect((await groupOf('user', target.user.user_id))?.count).toBe(1);
    expect(
      (await report(a, { target_type: 'user', target_id: target.user.user_id })).statusCode,
    ).toBe(201);
    expect((await audit())[0]).toMatchObject({
      action: 'report.dismiss',
      target_type: 'report',
      target_id: first.report_id,
      reason: 'Not a scam, a price dispute',
      moderator: 'desk_mod',
    });
    const url = `/api/moderation/reports/${first.report_id}`;
    expect((await as(ctx, mod).put(url, { status: 'open' })).statusCode).toBe(400);
    expect(
      (await as(ctx, mod).put('/api/moderation/reports/999999', { status: 'dismissed' }))
        .statusCode,
    ).toBe(404);
    expect((await as(ctx, a).put(url, { status: 'dismissed' })).statusCode).toBe(403);
  });
});

describe('the moderator’s desk is for moderators only', () => {
  it('answers 401 to visitors and 403 to students, with no-store for moderators', async () => {
    const student = await signedInUser(ctx);
    for (const url of ['/api/moderation/reports', '/api/moderation/audit']) {
      expect((await as(ctx).get(url)).statusCode).toBe(401);
      expect((await as(ctx, student).get(url)).statusCode).toBe(403);
      const res = await as(ctx, mod).get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('an open event stream', () => {
  it('ends when its account is suspended', async () => {
    const person = await signedInUser(ctx);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: { cookie: person.cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    await as(ctx, mod).put(`/api/moderation/users/${person.user.user_id}`, {
      suspended: true,
      reason: 'Spam',
    });
    let done = false;
    const deadline = Date.now() + 5000;
    while (!done && Date.now() < deadline) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});
