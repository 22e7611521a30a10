/**
 * The moderators' queue under pressure and over time: puppet accounts flooding it cannot push a
 * real report out of reach (weighed by reporter standing, paged by cursor with nothing cut off),
 * reporters' records weigh their reports, and each report keeps what it named when it was made.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMessage, createUser, DEFAULT_PASSWORD } from '#server/db/factories.js';
import { DELETED_USER_NAME } from '#shared/leaving.js';
import { MODERATION_LIMITS, REPORT_WEIGHING } from '#shared/moderation.js';
import type { ReportGroup } from '#shared/schemas/moderation.js';
import { nowIso } from '#server/lib/time.js';
import { listingOf } from '../data.js';
import { appForFile, as, signedInUser, type Actor } from '../harness.js';

const MODERATOR_EMAIL = 'queue.mod@sfsu.edu';
const ctx = await appForFile({ env: { MODERATOR_EMAILS: MODERATOR_EMAIL } });
const mod = await signedInUser(ctx, { sfsu_email: MODERATOR_EMAIL, username: 'queue_mod' });

const DAY_MS = 24 * 60 * 60_000;

/** A signed-in student whose account is `days` old (a confirmed address, as factories make). */
async function accountOfAge(days: number): Promise<Actor> {
  const actor = await signedInUser(ctx);
  await ctx.database.db
    .updateTable('users')
    .set({ created_at: new Date(Date.now() - days * DAY_MS).toISOString() })
    .where('user_id', '=', actor.user.user_id)
    .execute();
  return actor;
}
const established = () => accountOfAge(REPORT_WEIGHING.establishedAfterDays + 30);

async function report(who: Actor, target_type: string, target_id: number, reason = 'scam') {
  const res = await as(ctx, who).post('/api/reports', { target_type, target_id, reason });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ report_id: number }>();
}

async function page(url: string) {
  const res = await as(ctx, mod).get(url);
  expect(res.statusCode, res.body).toBe(200);
  const link = res.headers.link as string | undefined;
  return {
    groups: res.json<ReportGroup[]>(),
    next: link && /^<([^>]+)>; rel="next"$/.exec(link)![1],
  };
}

/** Every open group, following the `Link` of each page from the first. */
async function wholeQueue(limit = 30): Promise<ReportGroup[]> {
  const all: ReportGroup[] = [];
  let url: string | undefined = `/api/moderation/reports?limit=${limit}`;
  while (url) {
    const { groups, next } = await page(url);
    expect(groups.length).toBeLessThanOrEqual(limit);
    all.push(...groups);
    url = next;
  }
  return all;
}
const keyOf = (g: { target_type: string; target_id: number }) => `${g.target_type}:${g.target_id}`;
const groupOf = async (type: string, id: number) =>
  (await wholeQueue(MODERATION_LIMITS.queuePageMax)).find((g) => keyOf(g) === `${type}:${id}`);

describe('a flood of reports from puppet accounts', () => {
  const PUPPETS = 50;
  const EACH = 20;
  const TARGETS = 100;
  let realScam: number;
  let realSpam: number;
  let flooded: number[];

  beforeAll(async () => {
    const reporter = await established();
    const seller = await signedInUser(ctx);
    realScam = (await listingOf(ctx, seller, { title: 'Real scam' })).listing_id;
    realSpam = (await createUser(ctx.database.db)).user_id;
    await report(reporter, 'listing', realScam, 'scam');
    await report(reporter, 'user', realSpam, 'spam');
    // Fifty new accounts, twenty reports each (their day's allowance), ten on each of 100 people.
    flooded = [];
    for (let i = 0; i < TARGETS; i++) flooded.push((await createUser(ctx.database.db)).user_id);
    const puppets = await Promise.all(Array.from({ length: PUPPETS }, () => signedInUser(ctx)));
    await Promise.all(
      puppets.map(async (puppet, i) => {
        for (let j = 0; j < EACH; j++) {
          await report(puppet, 'user', flooded[(2 * i + j) % TARGETS]!, 'scam');
        }
      }),
    );
  }, 120_000);

  it('leaves a real report from an established account on top of the first page', async () => {
    const { groups, next } = await page('/api/moderation/reports');
    expect(groups).toHaveLength(MODERATION_LIMITS.queuePage);
    expect(next).toBeDefined();
    expect(groups[0]).toMatchObject({
      target_type: 'listing',
      target_id: realScam,
      summary: 'Real scam',
      count: 1,
      priority: REPORT_WEIGHING.weight.established * 3,
      reasons: [{ reason: 'scam', count: 1 }],
      reports: [{ standing: 'established', reason: 'scam' }],
    });
    // Even a spam report (the least severe reason) outweighs ten scam reports from new accounts.
    expect(groups[1]).toMatchObject({
      target_type: 'user',
      target_id: realSpam,
      priority: REPORT_WEIGHING.weight.established,
    });
    for (const g of groups.slice(2)) {
      expect(g).toMatchObject({ count: 10, priority: REPORT_WEIGHING.newcomersCap });
      expect(g.reasons).toEqual([{ reason: 'scam', count: 10 }]);
      expect(g.reports).toHaveLength(10);
      expect(g.reports.every((r) => r.standing === 'new')).toBe(true);
    }
  });

  it('reaches every reported target through the pages, each once, in one order', async () => {
    const walked = await wholeQueue(30);
    const keys = walked.map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(
      [`listing:${realScam}`, `user:${realSpam}`, ...flooded.map((id) => `user:${id}`)].sort(),
    );
    const priorities = walked.map((g) => g.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    // The same order whatever the page size, and from a group's own cursor.
    expect((await wholeQueue(7)).map(keyOf)).toEqual(walked.map(keyOf));
    const after = await page(`/api/moderation/reports?cursor=${walked[40]!.cursor}&limit=5`);
    expect(after.groups.map(keyOf)).toEqual(walked.slice(41, 46).map(keyOf));
    const total = MODERATION_LIMITS.reportsPerTarget;
    expect(walked.every((g) => g.reports.length <= total)).toBe(true);
  });

  it('refuses a cursor or limit it did not give, with a readable 400', async () => {
    const cases: [string, RegExp][] = [
      ['cursor=nonsense', /cursor/],
      ['cursor=', /cursor/],
      ['limit=0', /limit must be 1 to 100/],
      [`limit=${MODERATION_LIMITS.queuePageMax + 1}`, /limit must be 1 to 100/],
      ['limit=abc', /limit must be 1 to 100/],
      ['page=2', /page/],
    ];
    for (const [query, message] of cases) {
      const res = await as(ctx, mod).get(`/api/moderation/reports?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });
});

describe("a reporter's record", () => {
  it('weighs reports by what moderators made of the reporter’s earlier ones', async () => {
    const seller = await signedInUser(ctx);
    const upheld = await established();
    const dismissed = await established();
    const newcomer = await signedInUser(ctx);
    const [x, y1, y2, z, w] = await Promise.all(
      Array.from({ length: 5 }, () => createUser(ctx.database.db)),
    );
    // One report upheld (the listing hidden) makes a trusted reporter.
    const bad = await listingOf(ctx, seller);
    await report(upheld, 'listing', bad.listing_id);
    const hide = { hidden: true, reason: 'Counterfeit' };
    expect(
      (await as(ctx, mod).put(`/api/moderation/listings/${bad.listing_id}`, hide)).statusCode,
    ).toBe(200);
    // Two dismissed, none upheld, make a doubtful one.
    for (const target of [y1!, y2!]) {
      const { report_id } = await report(dismissed, 'user', target.user_id);
      const res = await as(ctx, mod).put(`/api/moderation/reports/${report_id}`, {
        status: 'dismissed',
      });
      expect(res.statusCode).toBe(200);
    }
    await report(upheld, 'user', x!.user_id, 'spam');
    await report(dismissed, 'user', z!.user_id, 'scam');
    await report(newcomer, 'user', w!.user_id, 'scam');

    const queue = await wholeQueue(MODERATION_LIMITS.queuePageMax);
    const find = (id: number) => queue.find((g) => keyOf(g) === `user:${id}`)!;
    expect(find(x!.user_id)).toMatchObject({
      priority: REPORT_WEIGHING.weight.trusted,
      reports: [{ standing: 'trusted' }],
    });
    expect(find(w!.user_id)).toMatchObject({ priority: 3, reports: [{ standing: 'new' }] });
    expect(find(z!.user_id)).toMatchObject({ priority: 0, reports: [{ standing: 'doubtful' }] });
    const order = queue.map(keyOf);
    const at = (id: number) => order.indexOf(`user:${id}`);
    expect(at(x!.user_id)).toBeLessThan(at(w!.user_id));
    expect(at(w!.user_id)).toBeLessThan(at(z!.user_id));
  });
});

describe('what a report saw', () => {
  it('keeps the listing as reported when its seller edits it, and after its seller deletes it', async () => {
    const seller = await signedInUser(ctx);
    const reporter = await established();
    const photo = '/api/images/reported-cover.webp';
    const { listing_id } = await listingOf(ctx, seller, {
      title: 'Designer handbag',
      description: 'Genuine leather, with receipt',
      price: 400,
      thumbnail: photo,
    });
    await report(reporter, 'listing', listing_id);
    const edit = await as(ctx, seller).patch(`/api/listing/${listing_id}`, {
      title: 'Handbag',
      description: 'A bag',
      price: 35,
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const seen = {
      title: 'Designer handbag',
      description: 'Genuine leather, with receipt',
      price: 400,
      photo,
    };
    const group = await groupOf('listing', listing_id);
    expect(group).toMatchObject({
      summary: 'Handbag',
      current: { title: 'Handbag', description: 'A bag', price: 35, photo },
      reports: [{ snapshot: seen }],
    });

    expect((await as(ctx, seller).delete(`/api/listing/${listing_id}`)).statusCode).toBe(200);
    expect(await groupOf('listing', listing_id)).toMatchObject({
      summary: 'Handbag (deleted)',
      owner_id: seller.user.user_id,
      reports: [{ snapshot: seen }],
    });
  });

  it('keeps a message’s text and a username, and lets a deleted account take its name away', async () => {
    const sender = await signedInUser(ctx, { password: DEFAULT_PASSWORD });
    const reporter = await established();
    const { listing_id } = await listingOf(ctx, sender);
    const message = await createMessage(ctx.database.db, {
      sender_id: sender.user.user_id,
      receiver_id: reporter.user.user_id,
      listing_id,
      content: 'Send the deposit by gift card',
    });
    await report(reporter, 'message', message.message_id);
    await report(reporter, 'user', sender.user.user_id, 'harassment');
    expect(await groupOf('message', message.message_id)).toMatchObject({
      current: { text: 'Send the deposit by gift card' },
      reports: [{ snapshot: { text: 'Send the deposit by gift card' } }],
    });
    expect(await groupOf('user', sender.user.user_id)).toMatchObject({
      current: { username: sender.user.username },
      reports: [{ snapshot: { username: sender.user.username } }],
    });

    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { cookie: sender.cookie },
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const after = await groupOf('user', sender.user.user_id);
    expect(after).toMatchObject({
      current: { username: DELETED_USER_NAME },
      reports: [{ snapshot: { username: DELETED_USER_NAME } }],
    });
    expect(JSON.stringify(after)).not.toContain(sender.user.username);
    // The message stays as its receiver has it, from "Deleted user".
    expect(await groupOf('message', message.message_id)).toMatchObject({
      reports: [{ snapshot: { text: 'Send the deposit by gift card' } }],
    });
  });

  it('shows a report made before snapshots with none', async () => {
    const reporter = await established();
    const target = await createUser(ctx.database.db);
    await ctx.database.db
      .insertInto('reports')
      .values({
        reporter_id: reporter.user.user_id,
        target_type: 'user',
        target_id: target.user_id,
        reason: 'other',
        note: 'from before',
        created_at: nowIso(),
      })
      .execute();
    expect(await groupOf('user', target.user_id)).toMatchObject({
      current: { username: target.username },
      reports: [{ note: 'from before', snapshot: null }],
    });
  });
});
