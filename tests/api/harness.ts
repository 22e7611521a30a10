/**
 * Builds the real app on a real, fresh database for each test file: SQLite by default, or
 * PostgreSQL when TEST_DATABASE_URL is set (a new database per file, dropped afterwards).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { afterAll, expect } from 'vitest';
import { buildApp } from '#server/app.js';
import { loadConfig, type Config } from '#server/config.js';
import { connect, type Connection } from '#server/db/connect.js';
import { createUser, DEFAULT_PASSWORD } from '#server/db/factories.js';
import { migrateToLatest } from '#server/db/migrate.js';
import type { Database } from '#server/db/schema.js';
import {
  DEFAULT_SIGN_IN_LIMITS,
  type SignInLimits,
} from '#server/features/accounts/sign-in-guard.js';
import type { MailTiming } from '#server/mail/worker.js';
import type { NotifyTiming } from '#server/notifications/timing.js';
import type { BackupTiming } from '#server/backup/schedule.js';
import type { SalesClockTiming } from '#server/features/sales/clock.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { freshDatabase } from '../fixtures/postgres.js';
import { startSmtp, type SmtpStandIn } from '../fixtures/smtp.js';
import { streamsOf } from './sse-client.js';

export interface TestContext {
  app: FastifyInstance;
  database: Connection;
  config: Config;
  close: () => Promise<void>;
}

/** A fresh, empty database: a file in `tmp` (SQLite), or a new database on TEST_DATABASE_URL. */
export async function freshDatabaseUrl(
  tmp: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: `sqlite:${path.join(tmp, 'test.db')}`, drop: async () => {} };
  return freshDatabase(base);
}

/**
 * The product's limits per account; per address generous, as every test comes from one (the
 * guard's own tests use the product's defaults: tests/api/accounts/sign-in-guard.test.ts,
 * tests/api/accounts/email-limits.test.ts).
 */
export const TEST_THROTTLE: SignInLimits = {
  ...DEFAULT_SIGN_IN_LIMITS,
  address: { max: 10_000, windowMs: 15 * 60 * 1000 },
  registrations: { max: 10_000, windowMs: 60 * 60 * 1000 },
  waitingPerAddress: 10_000,
};

interface AppTestOptions {
  throttle?: SignInLimits;
  mailTiming?: Partial<MailTiming>;
  notifyTiming?: Partial<NotifyTiming>;
  /** Where the app logs (at LOG_LEVEL, given in env); by default it does not. */
  logStream?: NodeJS.WritableStream;
  /** The backup schedule's pace, for tests that turn it on (BACKUP_INTERVAL_HOURS). */
  backupTiming?: Partial<BackupTiming>;
  /** The sales clock's pace (lapses, meeting reminders), for tests that wait for it. */
  salesClock?: Partial<SalesClockTiming>;
}

export async function createTestApp(
  options: AppTestOptions & { env?: Record<string, string> } = {},
): Promise<TestContext> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-api-'));
  const { url, drop } = await freshDatabaseUrl(tmp);
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: tmp,
    DEMO_DATA: '0',
    CLIENT_DIR: path.join(tmp, 'no-client'),
    LOG_LEVEL: 'silent',
    // Scheduled backups only where a test asks for them.
    BACKUP_INTERVAL_HOURS: '0',
    ...options.env,
  });
  const database = connect(config.databaseUrl);
  await migrateToLatest(database);
  return started(
    config,
    database,
    { ...options, throttle: options.throttle ?? TEST_THROTTLE },
    async () => {
      await drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  );
}

/** The app for this test file (`const ctx = await appForFile()` at the top), closed after it. */
export async function appForFile(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<TestContext> {
  const ctx = await createTestApp(options);
  afterAll(() => ctx.close());
  return ctx;
}

/**
 * The app for this test file mailing quickly through a stand-in SMTP server (`smtp.mailTo`
 * reads what it received); the app closes first, then the server.
 */
export async function mailingAppForFile(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ ctx: TestContext; smtp: SmtpStandIn }> {
  const smtp = await startSmtp();
  afterAll(() => smtp.close());
  const ctx = await appForFile({
    mailTiming: FAST_MAIL,
    ...options,
    env: mailEnv(smtp.url, options.env),
  });
  return { ctx, smtp };
}

/**
 * Another instance of the app on the same database (PostgreSQL: the way instances behind a
 * balancer share it), with its own connection pool and a data folder of its own.
 */
export async function secondInstance(
  ctx: TestContext,
  throttle: SignInLimits = TEST_THROTTLE,
  options: Omit<AppTestOptions, 'throttle'> = {},
): Promise<TestContext> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-api-b-'));
  const config = { ...ctx.config, dataDir: tmp, uploadsDir: path.join(tmp, 'uploads') };
  return started(config, connect(config.databaseUrl), { ...options, throttle }, async () =>
    fs.rmSync(tmp, { recursive: true, force: true }),
  );
}

/**
 * The app on a database that exists already (one a test restored), with a data folder of its
 * own; the caller drops the database.
 */
export async function appOnDatabase(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<TestContext> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-api-r-'));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: tmp,
    DEMO_DATA: '0',
    CLIENT_DIR: path.join(tmp, 'no-client'),
    LOG_LEVEL: 'silent',
    BACKUP_INTERVAL_HOURS: '0',
    ...env,
  });
  const database = connect(config.databaseUrl);
  await migrateToLatest(database);
  return started(config, database, { throttle: TEST_THROTTLE }, async () =>
    fs.rmSync(tmp, { recursive: true, force: true }),
  );
}

/** A new, empty database of the engine the suite runs on, dropped by `drop()`. */
export async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-api-e-'));
  const fresh = await freshDatabaseUrl(tmp);
  return {
    url: fresh.url,
    drop: async () => {
      await fresh.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** The app on an open database, ready for `inject`; `cleanUp` runs after it is closed. */
async function started(
  config: Config,
  database: Connection,
  options: AppTestOptions,
  cleanUp: () => Promise<void>,
): Promise<TestContext> {
  const app = await buildApp({
    config,
    database,
    logger: options.logStream ? { stream: options.logStream } : false,
    throttle: options.throttle,
    mailTiming: options.mailTiming,
    notifyTiming: options.notifyTiming,
    backupTiming: options.backupTiming,
    salesClock: options.salesClock,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.destroy();
      await cleanUp();
    },
  };
}

/** Listens on a free port of this machine (event streams need a real connection); answers its URL. */
export async function listening(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * The app for this test file listening on a free loopback port (`base`), with the event
 * streams its tests open there (`streams.open(cookie)`), closed before the app.
 */
export async function listeningAppForFile(options: Parameters<typeof createTestApp>[0] = {}) {
  const ctx = await appForFile(options);
  const base = await listening(ctx);
  const streams = streamsOf(() => base);
  afterAll(() => streams.closeAll());
  return { ctx, base, streams };
}

/** Mail settings that send through an SMTP server at `smtpUrl` (a stand-in in this process). */
export function mailEnv(smtpUrl: string, env: Record<string, string> = {}) {
  return {
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Gator Market <market@campus.test>',
    PUBLIC_URL: 'https://market.campus.test',
    ...env,
  };
}

/** The queue's pace for tests: retries in milliseconds, not minutes. */
export const FAST_MAIL = { pollMs: 50, retryDelayMs: () => 50 };

/** The notification queues' pace for tests; a message digest gathers for 300 ms. */
export const FAST_NOTIFY = {
  pollMs: 50,
  retryDelayMs: () => 50,
  digestDelayMs: 300,
} satisfies Partial<NotifyTiming>;

/** The session cookie of a response, ready to send back. */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'campus_sid');
  if (!cookie) throw new Error(`no session cookie in response ${res.statusCode}: ${res.body}`);
  return `campus_sid=${cookie.value}`;
}

export interface Actor {
  user: SessionUser;
  cookie: string;
}

/** Creates a user through the shared factories and signs them in through the API. */
export async function signedInUser(
  ctx: TestContext,
  overrides: Parameters<typeof createUser>[1] = {},
): Promise<Actor> {
  const row = await createUser(ctx.database.db, overrides);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: row.sfsu_email, password: overrides.password ?? DEFAULT_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { user: res.json<{ user: SessionUser }>().user, cookie: sessionCookie(res) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RawRequest {
  method: Method;
  url: string;
  /** Sent as is: a string or Buffer is not turned into JSON. */
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

/** A small client bound to an actor (or a visitor when none). */
export function as(ctx: TestContext, actor?: Actor) {
  const cookie: Record<string, string> = actor ? { cookie: actor.cookie } : {};
  const call = (method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      ...(payload !== undefined && { payload: payload as object }),
      headers: cookie,
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown) => call('POST', url, payload),
    put: (url: string, payload?: unknown) => call('PUT', url, payload),
    patch: (url: string, payload?: unknown) => call('PATCH', url, payload),
    delete: (url: string) => call('DELETE', url),
    /** Any request with its own headers and a raw body (malformed JSON, foreign Origin...). */
    raw: ({ method, url, payload, headers = {} }: RawRequest) =>
      ctx.app.inject({
        method,
        url,
        ...(payload !== undefined && { payload }),
        headers: { ...cookie, ...headers },
      }),
  };
}

/** Tables whose rows a refused request must leave untouched. */
export const DATA_TABLES = [
  'users',
  'products',
  'listings',
  'direct_messages',
  'reviews',
  'delivery_requests',
  'delivery_instructions',
  'delivery_events',
  'handover_codes',
  'delivery_ratings',
  'images',
  'reports',
  'blocks',
  'listing_holds',
  'moderation_audit',
  'notification_preferences',
  'push_subscriptions',
  'product_photos',
  'listing_price_changes',
  'favorites',
  'saved_searches',
  'meetings',
] as const;

/** Row counts of every data table, to show that a refused request changed nothing. */
export async function countRows(ctx: TestContext): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of DATA_TABLES) {
    const row = await ctx.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** Every row of every data table, to show that a refused update changed nothing at all. */
export async function snapshot(ctx: TestContext): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of DATA_TABLES) {
    // The first column of each table is its id.
    rows[table] = await ctx.database.db
      .selectFrom(table)
      .selectAll()
      .orderBy(sql`1`)
      .execute();
  }
  return rows;
}

/**
 * Sends a request that must be refused with `status` and a readable message, and shows that no
 * row appeared or went (`send` is called after the rows are counted); answers the response.
 */
export async function expectRefusedCounting(
  ctx: TestContext,
  send: () => PromiseLike<LightMyRequestResponse>,
  status: number,
): Promise<LightMyRequestResponse> {
  const rows = await countRows(ctx);
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toEqual(expect.any(String));
  expect(await countRows(ctx)).toEqual(rows);
  return res;
}

/**
 * A request that must be refused with `status` and a readable message, and leave every row of
 * every data table as it was (`send` goes out once the rows are read); answers the response.
 */
export async function expectRefusedUntouched(
  ctx: TestContext,
  send: PromiseLike<LightMyRequestResponse>,
  status: number,
): Promise<LightMyRequestResponse> {
  const before = await snapshot(ctx);
  const res = await send;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toEqual(expect.any(String));
  expect(await snapshot(ctx)).toEqual(before);
  return res;
}

/** Tables whose rows each belong to one person (a `user_id` column). */
type PersonalTable = {
  [T in keyof Database]: 'user_id' extends keyof Database[T] ? T : never;
}[keyof Database];

/** Every row of `table` that belongs to the person, read behind the API. */
export function rowsOf<T extends PersonalTable>(ctx: TestContext, table: T, person: Actor) {
  return ctx.database.db
    .selectFrom(table as PersonalTable)
    .selectAll()
    .where('user_id', '=', person.user.user_id)
    .execute() as Promise<Selectable<Database[T]>[]>;
}

/** A person's own read: it answers 200 and may never be cached. Answers its JSON. */
export async function ownRead<T>(ctx: TestContext, actor: Actor, url: string): Promise<T> {
  const res = await as(ctx, actor).get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<T>();
}

/**
 * Two instances of the app on one fresh database, as behind a balancer (PostgreSQL): `a` made
 * with `options`, `b` with the same pace (`secondInstance`); `close()` ends both.
 */
export async function twoInstances(options: Parameters<typeof createTestApp>[0] = {}) {
  const a = await createTestApp(options);
  const { env: _env, throttle = TEST_THROTTLE, ...pace } = options;
  const b = await secondInstance(a, throttle, pace);
  const close = async () => {
    await b.close();
    await a.close();
  };
  return { a, b, close };
}

/** Runs `use` with another instance of the app on `ctx`'s database, closed after it. */
export async function withSecondInstance<T>(
  ctx: TestContext,
  use: (other: TestContext) => Promise<T>,
): Promise<T> {
  const other = await secondInstance(ctx);
  try {
    return await use(other);
  } finally {
    await other.close();
  }
}

/** How many rows of `table` have `value` in `column`, read behind the API. */
export async function countWhere<T extends keyof Database>(
  ctx: TestContext,
  table: T,
  column: keyof Database[T] & string,
  value: number | string,
): Promise<number> {
  const row = await ctx.database.db
    .selectFrom(table as 'users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column as 'user_id', '=', value as number)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
