/**
 * Notifications by e-mail, through a real SMTP server in this process: which kinds go by
 * default, the one-click unsubscribe (RFC 8058) that needs no sign-in, and message digests
 * at most once per interval.
 */
import { describe, expect, it } from 'vitest';
import { type ReceivedMail } from '../../fixtures/smtp.js';
import {
  courier,
  listingOf,
  parties,
  requestDelivery,
  unassignedDelivery,
  type Parties,
} from '../data.js';
import { as, FAST_NOTIFY, mailingAppForFile, rowsOf, signedInUser } from '../harness.js';
import { allTold, move, queueDrained, review, sendMessage } from '../notify-support.js';

/** Digests here: gathered for 1.5 s, at most one per 3 s (the product: 2 and 15 minutes). */
const DIGEST_INTERVAL_MS = 3_000;
const { ctx, smtp } = await mailingAppForFile({
  notifyTiming: { ...FAST_NOTIFY, digestDelayMs: 1_500, digestIntervalMs: DIGEST_INTERVAL_MS },
});

/** Everything told and every mail out of the queue. */
async function mailSettled() {
  await allTold(ctx);
  await queueDrained(ctx, 'mail_outbox');
}

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

/** The unsubscribe link of a mail's List-Unsubscribe header. */
function unsubscribeLink(mail: ReceivedMail): URL {
  const match = /^<(https:\/\/[^>]+)>$/.exec(mail.rawHeaders['list-unsubscribe'] ?? '');
  if (!match) throw new Error(`no https List-Unsubscribe: ${mail.rawHeaders['list-unsubscribe']}`);
  return new URL(match[1]!);
}

/** The request a mail app makes for One-Click: the link's path and query, no cookie. */
const oneClick = (
  link: URL,
  body = 'List-Unsubscribe=One-Click',
  type = 'application/x-www-form-urlencoded',
) =>
  ctx.app.inject({
    method: 'POST',
    url: `${link.pathname}${link.search}`,
    payload: body,
    headers: { 'content-type': type },
  });

describe('which notifications are mailed', () => {
  it('mails the seller a delivery request, with unsubscribe headers and links to the app', async () => {
    const p = await parties(ctx);
    const request = await requestDelivery(ctx, p);
    const mail = await smtp.mailTo(p.vendor.user.sfsu_email);
    expect(mail.subject).toBe(`Delivery request: ${request.title}`);
    expect(mail.text).toContain(`${p.buyer.user.username} asks for delivery to Library.`);
    expect(mail.text).toContain('https://market.campus.test/vendorDeliveryRequest');
    expect(mail.text).toContain('https://market.campus.test/notifications/settings');
    const link = unsubscribeLink(mail);
    expect(link.origin).toBe('https://market.campus.test');
    expect(link.pathname).toBe('/api/notifications/unsubscribe');
    expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(link.href);
  });

  it('mails the buyer accepted, declined and delivered by default, not picked up', async () => {
    const { delivery, ...p } = await unassignedDelivery(ctx);
    const carrier = await courier(ctx);
    await move(ctx, carrier, delivery.delivery_id, 'Assigned');
    await move(ctx, carrier, delivery.delivery_id, 'Picked Up');
    await move(ctx, carrier, delivery.delivery_id, 'Delivered');
    const declined = await parties(ctx);
    const other = await requestDelivery(ctx, { ...declined, buyer: p.buyer });
    await as(ctx, declined.vendor).put(`/api/delivery_request/${other.delivery_request_id}`, {
      status: 'Denied',
    });
    await mailSettled();
    expect(mailsTo(p.buyer.user.sfsu_email).map((m) => m.subject.split(':')[0])).toEqual([
      'Accepted',
      'Delivered',
      'Declined',
    ]);
    expect(mailsTo(carrier.user.sfsu_email)).toEqual([]);
  });

  it('never mails messages or reviews unless chosen', async () => {
    const p = await parties(ctx);
    await sendMessage(ctx, p.buyer, p.vendor, p.listing_id);
    expect((await review(ctx, p.buyer, p.vendor, 5, 'Great')).statusCode).toBe(201);
    await mailSettled();
    expect(mailsTo(p.vendor.user.sfsu_email)).toEqual([]);
    expect(await rowsOf(ctx, 'message_digests', p.vendor)).toEqual([]);
  });

  it('mails no address that was never confirmed', async () => {
    const p = await parties(ctx);
    await ctx.database.db
      .updateTable('users')
      .set({ email_verified: 0 })
      .where('user_id', '=', p.vendor.user.user_id)
      .execute();
    await requestDelivery(ctx, p);
    await mailSettled();
    expect(mailsTo(p.vendor.user.sfsu_email)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  async function requestMail(p: Parties) {
    await requestDelivery(ctx, p);
    return smtp.mailTo(p.vendor.user.sfsu_email);
  }

  it('turns that kind of e-mail off with one POST and no sign-in; push and other kinds stay', async () => {
    const p = await parties(ctx);
    const link = unsubscribeLink(await requestMail(p));
    const res = await oneClick(link);
    expect(res.statusCode, res.body).toBe(200);
    const prefs = (await as(ctx, p.vendor).get('/api/notification-preferences')).json<
      Record<string, { push: boolean; email: boolean }>
    >();
    expect(prefs.delivery_request).toEqual({ push: true, email: false });
    expect(prefs.delivered).toEqual({ push: true, email: true });
    // The next request is not mailed.
    const again = await parties(ctx);
    await requestDelivery(ctx, {
      ...again,
      vendor: p.vendor,
      listing_id: (await listingFor(p)).listing_id,
    });
    await mailSettled();
    expect(mailsTo(p.vendor.user.sfsu_email)).toHaveLength(1);
  });

  it('takes the multipart form mail apps may send, and a repeat is harmless', async () => {
    const p = await parties(ctx);
    const link = unsubscribeLink(await requestMail(p));
    const boundary = 'campus-boundary';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const res = await oneClick(link, multipart, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await oneClick(link)).statusCode).toBe(200);
  });

  it('shows a page asking first to a browser (GET changes nothing), then turns it off', async () => {
    const p = await parties(ctx);
    const link = unsubscribeLink(await requestMail(p));
    const page = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Turn off these e-mails');
    const form = /<form method="post" action="([^"]+)"/
      .exec(page.body)?.[1]
      ?.replaceAll('&amp;', '&');
    expect(form).toBe(`${link.pathname}${link.search}`);
    const before = (await as(ctx, p.vendor).get('/api/notification-preferences')).json<
      Record<string, { email: boolean }>
    >();
    expect(before.delivery_request!.email).toBe(true);
    const done = await ctx.app.inject({
      method: 'POST',
      url: form!,
      payload: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('E-mails turned off');
  });

  it.each([
    ['a forged signature', (t: string) => `${t.slice(0, -4)}AAAA`],
    ['another person’s id', (t: string) => t.replace(/^\d+/, '1')],
    ['another kind', (t: string) => t.replace('delivery_request', 'message')],
    ['nonsense', () => 'nonsense'],
  ])('refuses %s with 400 and changes nothing', async (_what, forge) => {
    const p = await parties(ctx);
    const link = unsubscribeLink(await requestMail(p));
    const token = link.searchParams.get('token')!;
    link.searchParams.set('token', forge(token));
    const res = await oneClick(link);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    const prefs = (await as(ctx, p.vendor).get('/api/notification-preferences')).json<
      Record<string, { email: boolean }>
    >();
    expect(prefs.delivery_request!.email).toBe(true);
    expect(prefs.message!.email).toBe(false);
  });
});

const listingFor = (p: Parties) => listingOf(ctx, p.vendor);

describe('message digests', () => {
  it('gather the unread conversations in one mail, at most once per interval', async () => {
    const seller = await signedInUser(ctx);
    const put = await as(ctx, seller).put('/api/notification-preferences', {
      message: { email: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const first = await parties(ctx);
    const second = await parties(ctx);
    const listing = (await listingFor({ ...first, vendor: seller })).listing_id;
    const say = (from: typeof first.buyer, content: string) =>
      as(ctx, from).post('/api/direct_message', {
        sender_id: from.user.user_id,
        receiver_id: seller.user.user_id,
        listing_id: listing,
        content,
      });
    expect((await say(first.buyer, 'Is it available?')).statusCode).toBe(201);
    expect((await say(first.buyer, 'I could come at noon')).statusCode).toBe(201);
    expect((await say(second.buyer, 'Would you take $10?')).statusCode).toBe(201);
    const digest = await smtp.mailTo(seller.user.sfsu_email);
    const lastSent = async () => (await rowsOf(ctx, 'message_digests', seller))[0]!.last_sent_at!;
    const firstSentAt = await lastSent();
    expect(digest.subject).toBe('New messages in 2 conversations on Gator Market');
    expect(digest.text).toContain(`2 new messages from ${first.buyer.user.username}`);
    expect(digest.text).toContain('I could come at noon');
    expect(digest.text).toContain(`New message from ${second.buyer.user.username}`);
    expect(digest.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeLink(digest).searchParams.get('token')).toMatch(/\.message\./);

    // More messages soon after: the next digest waits for the interval, then says only what is new.
    expect((await say(second.buyer, 'Hello?')).statusCode).toBe(201);
    const next = await smtp.mailTo(seller.user.sfsu_email, { after: 1, timeoutMs: 15_000 });
    expect(Date.parse(await lastSent()) - Date.parse(firstSentAt)).toBeGreaterThanOrEqual(
      DIGEST_INTERVAL_MS,
    );
    expect(next.subject).toBe(`2 new messages from ${second.buyer.user.username}`);
    expect(next.text).not.toContain(first.buyer.user.username);
  });

  it('are not sent for messages read in the app meanwhile', async () => {
    const seller = await signedInUser(ctx);
    await as(ctx, seller).put('/api/notification-preferences', { message: { email: true } });
    const p = await parties(ctx);
    const listing = (await listingFor({ ...p, vendor: seller })).listing_id;
    await as(ctx, p.buyer).post('/api/direct_message', {
      sender_id: p.buyer.user.user_id,
      receiver_id: seller.user.user_id,
      listing_id: listing,
      content: 'Quick question',
    });
    await allTold(ctx);
    await as(ctx, seller).put('/api/notifications/read', { all: true });
    await expect
      .poll(
        async () =>
          (
            await ctx.database.db
              .selectFrom('message_digests')
              .select('due_at')
              .where('user_id', '=', seller.user.user_id)
              .executeTakeFirst()
          )?.due_at,
        { timeout: 10_000 },
      )
      .toBeNull();
    await mailSettled();
    expect(mailsTo(seller.user.sfsu_email)).toEqual([]);
  });
});
