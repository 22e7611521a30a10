/**
 * The mail module: a queue in the database that a worker sends from, through a real SMTP
 * server (in this process), retried with backoff, each mail once even with several instances;
 * without SMTP_URL, the built-in mailbox that only this machine can read.
 */
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { connect } from '#server/db/connect.js';
import { createUser } from '#server/db/factories.js';
import {
  as,
  createTestApp,
  FAST_MAIL,
  mailEnv,
  sessionCookie,
  type TestContext,
} from '../harness.js';
import { linkIn, startSmtp, type SmtpStandIn } from '../../fixtures/smtp.js';
import { registration } from '../data.js';

let registrations = 0;
const newRegistration = () =>
  registration(`mailer${registrations++}${Date.now().toString(36)}`, {
    firstName: 'Mia',
    lastName: 'Mailer',
  });

async function rowsOf(ctx: TestContext) {
  return ctx.database.db.selectFrom('mail_outbox').selectAll().orderBy('mail_id').execute();
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mail through SMTP_URL', () => {
  let smtp: SmtpStandIn;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp({ env: mailEnv(smtp.url), mailTiming: FAST_MAIL });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('sends the mail of a registration to the SMTP server, signed in with the URL’s user', async () => {
    const body = newRegistration();
    const res = await as(ctx).post('/api/register', body);
    expect(res.statusCode).toBe(201);
    const mail = await smtp.mailTo(body.sfsu_email);
    expect(mail.from).toEqual({ address: 'market@campus.test', name: 'Gator Market' });
    expect(mail.user).toBe('campus-app');
    expect(mail.subject).toMatch(/Confirm your campus e-mail/);
    // A plain-text part and an HTML part in the product's look, both with the code and link.
    const code = await smtp.codeFor(body.sfsu_email);
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(code);
    expect(mail.html).toMatch(/#46237a/);
    expect(mail.html).toContain('Gator');
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe('https://market.campus.test');
    expect(link.searchParams.get('code')).toBe(code);
    // Once sent, the queue forgets the parts (they hold the code).
    const row = await until(
      () => rowsOf(ctx).then((rows) => rows.find((r) => r.to_address === body.sfsu_email)),
      (r) => r?.status === 'sent',
    );
    expect(row).toMatchObject({ status: 'sent', text_body: null, html_body: null, attempts: 1 });
  });

  it('tries again after a temporary refusal, and gives up at once on a permanent one', async () => {
    smtp.refuseNext(2, 451);
    const first = newRegistration();
    await as(ctx).post('/api/register', first);
    const mail = await smtp.mailTo(first.sfsu_email);
    expect(mail.subject).toMatch(/Confirm/);
    const sent = (await rowsOf(ctx)).find((r) => r.to_address === first.sfsu_email)!;
    expect(sent.attempts).toBe(3);

    smtp.refuseNext(1, 550);
    const second = newRegistration();
    await as(ctx).post('/api/register', second);
    const failed = await until(
      () => rowsOf(ctx).then((rows) => rows.find((r) => r.to_address === second.sfsu_email)),
      (r) => r?.status === 'failed',
    );
    expect(failed).toMatchObject({ attempts: 1, text_body: null, html_body: null });
    expect(failed!.last_error).toMatch(/No such user/);
    expect(smtp.mails.some((m) => m.to.includes(second.sfsu_email))).toBe(false);
  });
});

describe('sending never holds up the request that caused it', () => {
  it('answers a registration at once while the mail server accepts and never replies', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const ctx = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'market@campus.test',
        PUBLIC_URL: 'http://127.0.0.1:8080',
      },
      mailTiming: FAST_MAIL,
    });
    try {
      const body = newRegistration();
      const res = await as(ctx).post('/api/register', body);
      expect(res.statusCode).toBe(201);
      expect(res.json().user.email_verified).toBe(0);
      // The worker holds the mail (it is talking to the silent server); the account is there.
      const row = await until(
        () => rowsOf(ctx).then((rows) => rows[0]),
        (r) => r?.status === 'sending',
      );
      expect(row!.to_address).toBe(body.sfsu_email);
      const me = await ctx.app.inject({ url: '/api/me', headers: { cookie: sessionCookie(res) } });
      expect(me.statusCode).toBe(200);
    } finally {
      for (const s of sockets) s.destroy();
      await ctx.close();
      silent.close();
    }
  });
});

describe('several instances share one queue', () => {
  it('sends each mail once when two instances work the queue at the same time', async () => {
    const smtp = await startSmtp();
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'market@campus.test',
      PUBLIC_URL: 'http://127.0.0.1:8080',
    };
    // Both workers look only when told to, so the queue fills first.
    const slow = { pollMs: 60_000, retryDelayMs: () => 50 };
    const first = await createTestApp({ env, mailTiming: slow });
    const database = connect(first.config.databaseUrl);
    // The second instance signs in to the mail server as another user, to tell who sent what.
    const config = { ...first.config, smtpUrl: smtp.url.replace('campus-app', 'campus-app-2') };
    const second = await buildApp({
      config,
      database,
      logger: false,
      mailTiming: slow,
    });
    await second.ready();
    try {
      const count = 40;
      await first.database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < count; i++) {
          await first.app.mail.enqueue(
            {
              kind: 'test',
              to: `queue${i}@campus.test`,
              subject: `Mail ${i}`,
              text: `Number ${i}`,
              html: `<p>Number ${i}</p>`,
            },
            trx,
          );
        }
      });
      first.app.mail.kick();
      second.mail.kick();
      await until(
        async () => smtp.mails.length,
        (n) => n >= count,
      );
      // Give a duplicate, if any, the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const subjects = smtp.mails.map((m) => m.subject).sort();
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
      // Both instances took part.
      expect(new Set(smtp.mails.map((m) => m.user))).toEqual(
        new Set(['campus-app', 'campus-app-2']),
      );
      // Each row is marked sent once its instance hears the mail was accepted.
      const rows = await until(
        () => rowsOf(first),
        (all) => all.every((r) => r.status !== 'sending'),
      );
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await second.close();
      await database.destroy();
      await first.close();
      await smtp.close();
    }
  });
});

describe('the built-in mailbox (no SMTP_URL)', () => {
  let ctx: TestContext;
  const log = new PassThrough();
  const lines: string[] = [];
  log.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      mailTiming: FAST_MAIL,
      logStream: log,
    });
  });
  afterAll(async () => ctx.close());

  const mailboxFor = async (to: string) =>
    until(
      async () =>
        (await ctx.app.inject({ url: `/mailbox.json?to=${encodeURIComponent(to)}` })).json<
          { mail_id: number; subject: string; text: string }[]
        >(),
      (mails) => mails.length > 0,
    );

  it('keeps the mail in the database and shows it to this machine at /mailbox', async () => {
    const body = newRegistration();
    await as(ctx).post('/api/register', body);
    const [mail] = await mailboxFor(body.sfsu_email);
    const code = /^\s*([0-9]{6})\s*$/m.exec(mail!.text)![1]!;

    const list = await ctx.app.inject({ url: '/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/text\/html/);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body).toContain(body.sfsu_email);
    expect(list.body).toContain(`/mailbox/${mail!.mail_id}`);

    const one = await ctx.app.inject({ url: `/mailbox/${mail!.mail_id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(code);
    expect(one.headers['content-security-policy']).toMatch(/default-src 'none'/);

    const html = await ctx.app.inject({ url: `/mailbox/${mail!.mail_id}/html` });
    expect(html.body).toContain(code);
    // The mail's own HTML runs no script and loads nothing, in a sandbox.
    expect(html.headers['content-security-policy']).toMatch(/sandbox/);
    expect(html.headers['content-security-policy']).not.toMatch(/script-src/);
  });

  it('answers 404 to anyone else: another machine, or a request a proxy forwarded', async () => {
    const body = newRegistration();
    await as(ctx).post('/api/register', body);
    const [mail] = await mailboxFor(body.sfsu_email);
    for (const url of [
      '/mailbox',
      '/mailbox.json',
      `/mailbox/${mail!.mail_id}`,
      `/mailbox/${mail!.mail_id}/html`,
    ]) {
      const remote = await ctx.app.inject({ url, remoteAddress: '203.0.113.7' });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain(body.sfsu_email);
      const forwarded = await ctx.app.inject({
        url,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(forwarded.statusCode, url).toBe(404);
      const proxied = await ctx.app.inject({ url, headers: { forwarded: 'for=203.0.113.7' } });
      expect(proxied.statusCode, url).toBe(404);
    }
  });

  it('logs that a mail was kept, never its code or link at info level', async () => {
    const body = newRegistration();
    await as(ctx).post('/api/register', body);
    const [mail] = await mailboxFor(body.sfsu_email);
    const code = /^\s*([0-9]{6})\s*$/m.exec(mail!.text)![1]!;
    await as(ctx).post('/api/password-reset', { email: body.sfsu_email });
    const reset = await until(
      () => mailboxFor(body.sfsu_email),
      (mails) => mails.some((m) => /Reset/.test(m.subject)),
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(
      reset.find((m) => /Reset/.test(m.subject))!.text,
    )![1]!;
    const kept = lines.filter((l) => l.includes('mail kept'));
    expect(kept.some((l) => l.includes(body.sfsu_email))).toBe(true);
    expect(lines.join('\n')).not.toContain(code);
    expect(lines.join('\n')).not.toContain(token);
  });
});

describe('with SMTP_URL the mailbox is closed', () => {
  it('answers 404 even to this machine', async () => {
    const smtp = await startSmtp();
    const ctx = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'a@campus.test', PUBLIC_URL: 'http://127.0.0.1:1' },
    });
    try {
      const user = await createUser(ctx.database.db);
      expect(user.email_verified).toBe(1);
      expect((await ctx.app.inject({ url: '/mailbox' })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: '/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
      await smtp.close();
    }
  });
});
