/**
 * Names people can trust: usernames are NFKC, unique without regard to case, in one script and
 * without invisible characters; e-mails are unique by canonical form; format characters leave
 * names, titles and what messages show. Existing accounts get the keys by migration, keeping
 * every account when two collide.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { API } from '#shared/api-paths.js';
import { connect } from '#server/db/connect.js';
import { migrateToLatest, migratorFor } from '#server/db/migrate.js';
import { listingBody } from '../data.js';
import { appForFile, as, countRows, freshDatabaseUrl, signedInUser } from '../harness.js';

const ctx = await appForFile();

let n = 0;
const register = (username: string, email = `reg${n++}@sfsu.edu`, extra: object = {}) =>
  as(ctx).post(API.register, {
    firstName: 'Ana',
    lastName: 'Lima',
    username,
    sfsu_email: email,
    password: 'long enough',
    confirmPassword: 'long enough',
    ...extra,
  });

describe('usernames', () => {
  it('are one account for maria, Maria and full-width ｍａｒｉａ', async () => {
    expect((await register('maria')).statusCode).toBe(201);
    for (const twin of ['Maria', 'MARIA', 'ｍａｒｉａ']) {
      const res = await register(twin);
      expect(res.statusCode, twin).toBe(409);
      expect(res.json().message).toBe('That username is taken.');
    }
  });

  it('are stored NFKC-normalised', async () => {
    const res = await register('ｊｏｓｅ＿７');
    expect(res.statusCode).toBe(201);
    expect(res.json().user.username).toBe('jose_7');
  });

  it('refuse a Cyrillic а among Latin letters, and invisible characters, saying why', async () => {
    const before = await countRows(ctx);
    const mixed = await register('m\u0430ria');
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/letters of one alphabet/);
    for (const hidden of ['mar\u200Bia', 'maria\u202E', '\u2066ria']) {
      const res = await register(hidden);
      expect(res.statusCode, JSON.stringify(hidden)).toBe(400);
      expect(res.json().message).toMatch(/invisible characters/);
    }
    expect(await countRows(ctx)).toEqual(before);
  });

  it('take any one script', async () => {
    for (const name of ['Сергей', 'Ελένη', 'राहुल', '山田たろう']) {
      expect((await register(name)).statusCode, name).toBe(201);
    }
  });
});

describe('e-mail addresses', () => {
  it('are one account for name@, NAME@ and name+tag@', async () => {
    const first = await register('mailbox_owner', 'kim@sfsu.edu');
    expect(first.statusCode).toBe(201);
    for (const alias of ['KIM@sfsu.edu', 'kim+market@sfsu.edu', 'Kim+2@SFSU.edu']) {
      const res = await register(`alias_${n++}`, alias);
      expect(res.statusCode, alias).toBe(409);
      expect(res.json().message).toBe('An account with that e-mail already exists.');
    }
  });

  it('sign in to the one account by any of its aliases; its mail goes to the address typed', async () => {
    const res = await register('tagged_owner', 'lee+market@sfsu.edu');
    expect(res.statusCode).toBe(201);
    expect(res.json().user.sfsu_email).toBe('lee+market@sfsu.edu');
    const mail = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('to_address', 'like', 'lee%')
      .execute();
    expect(mail).toEqual([{ to_address: 'lee+market@sfsu.edu' }]);
    for (const email of ['lee+market@sfsu.edu', 'lee@sfsu.edu']) {
      const login = await as(ctx).post(API.login, { email, password: 'long enough' });
      expect(login.statusCode, email).toBe(200);
      expect(login.json().user.username).toBe('tagged_owner');
    }
  });
});

describe('format characters', () => {
  it('leave first and last names and listing titles', async () => {
    const res = await register('plain_names', undefined, {
      firstName: 'An\u200Ba',
      lastName: '\u202EamiL',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ first_name: 'Ana', last_name: 'amiL' });
    const onlyHidden = await register('hidden_name', undefined, { firstName: '\u200B\u200D' });
    expect(onlyHidden.statusCode).toBe(400);
    expect(onlyHidden.json().message).toMatch(/First name is required/);

    const seller = await signedInUser(ctx);
    const created = await as(ctx, seller).post(
      '/api/listing',
      await listingBody(seller, { title: 'Lamp \u202Egpj.exe' }),
    );
    expect(created.statusCode).toBe(201);
    const shown = await as(ctx).get(`/api/listing/${created.json().listing_id}`);
    expect(shown.json()[0].title).toBe('Lamp gpj.exe');
  });

  it('are kept in a message as sent, and left out of what it shows', async () => {
    const seller = await signedInUser(ctx);
    const buyer = await signedInUser(ctx);
    const created = await as(ctx, seller).post('/api/listing', await listingBody(seller));
    const listingId = created.json().listing_id as number;
    const sent = await as(ctx, buyer).post('/api/direct_message', {
      sender_id: buyer.user.user_id,
      receiver_id: seller.user.user_id,
      listing_id: listingId,
      content: 'Pay at evil.example/\u202Efdp.exe 👨\u200D👩\u200D👧',
    });
    expect(sent.statusCode).toBe(201);
    const shown = 'Pay at evil.example/fdp.exe 👨\u200D👩\u200D👧';
    expect(sent.json().content).toBe(shown);
    const inbox = await as(ctx, seller).get('/api/direct_message');
    expect(inbox.json().at(-1).content).toBe(shown);
    const stored = await ctx.database.db
      .selectFrom('direct_messages')
      .select('content')
      .where('message_id', '=', sent.json().message_id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toContain('\u202E');
  });
});

describe('the migration that adds the keys', () => {
  it('gives existing accounts their keys; of two that collide, logs both and keeps both', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'names-migration-'));
    const { url, drop } = await freshDatabaseUrl(tmp);
    const database = connect(url);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await migratorFor(database).migrateTo('2026-11-30-moderation');
      const user = (username: string, sfsu_email: string, first_name = 'Old') => ({
        username,
        sfsu_email,
        first_name,
        last_name: 'Account',
        password_hash: 'scrypt$x',
        created_at: new Date().toISOString(),
      });
      const db = database.db;
      await db
        .insertInto('users')
        .values([
          user('Maria', 'maria@sfsu.edu'),
          user('maria', 'maria2@sfsu.edu'),
          user('ｍａｒｉａ', 'MARIA+x@sfsu.edu'),
          user('omar', 'omar@sfsu.edu', 'O\u202Emar'),
        ] as never)
        .execute();
      await migrateToLatest(database);
      const rows = await db
        .selectFrom('users')
        .select(['username', 'username_key', 'email_key', 'first_name'])
        .orderBy('user_id')
        .execute();
      expect(rows).toEqual([
        {
          username: 'Maria',
          username_key: 'maria',
          email_key: 'maria@sfsu.edu',
          first_name: 'Old',
        },
        { username: 'maria', username_key: null, email_key: 'maria2@sfsu.edu', first_name: 'Old' },
        { username: 'ｍａｒｉａ', username_key: null, email_key: null, first_name: 'Old' },
        { username: 'omar', username_key: 'omar', email_key: 'omar@sfsu.edu', first_name: 'Omar' },
      ]);
      const logged = warn.mock.calls.map((c) => String(c[0]));
      expect(logged).toHaveLength(3);
      expect(logged.filter((l) => /same username/.test(l))).toHaveLength(2);
      expect(logged.filter((l) => /same e-mail/.test(l))).toHaveLength(1);
    } finally {
      warn.mockRestore();
      await database.destroy();
      await drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
