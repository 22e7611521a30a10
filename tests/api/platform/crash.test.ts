/**
 * Crash safety: kill -9 the real server process during sustained writes, restart it on the same
 * database, and every write that was answered 2xx is still there; SQLite's integrity check says
 * ok. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

/** The server's own words on stderr, kept so a start that fails says why. */
const stderrOf = new WeakMap<ChildProcess, string[]>();

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', DEMO_DATA: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const lines: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  stderrOf.set(child, lines);
  children.push(child);
  return child;
}

/** A port nobody listens on now (the kernel's pick), for a server started a moment later. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * Waits until the server answers its health check. A loaded CI machine (two test workers on two
 * cores, a fresh database to migrate) may take many seconds; a server that exits fails at once
 * with what it printed.
 */
async function waitHealthy(base: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}): ${stderrOf.get(child)?.join('')}`,
      );
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start in 60 s: ${stderrOf.get(child)?.join('')}`);
}

async function json(res: Response) {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function register(base: string, name: string) {
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'C',
      lastName: 'R',
      username: name,
      sfsu_email: `${name}@sfsu.edu`,
      password: 'long enough',
      confirmPassword: 'long enough',
    }),
  });
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const { user } = (await json(res)) as { user: { user_id: number } };
  await verifyFromMailbox(base, cookie, `${name}@sfsu.edu`);
  return { id: user.user_id, cookie };
}

/** Confirms the address with the code the server kept in its mailbox (no SMTP_URL). */
async function verifyFromMailbox(base: string, cookie: string, email: string) {
  for (let i = 0; i < 200; i++) {
    const mails = (await (
      await fetch(`${base}/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as { text: string }[];
    const code = /^\s*([0-9]{6})\s*$/m.exec(mails[0]?.text ?? '')?.[1];
    if (code) {
      await json(
        await fetch(`${base}/api/verify-email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ code }),
        }),
      );
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mailed to ${email}`);
}

async function crashDuringWrites(databaseUrl: string, dataDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // One buyer writes hundreds of messages a second: far past the flood limits, which are not
  // what this test is about.
  const env = {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    FLOOD_LIMITS: 'off',
  };
  const first = startServer(env);
  await waitHealthy(base, first);

  const seller = await register(base, 'crash_seller');
  const buyer = await register(base, 'crash_buyer');
  const png = (
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#46237a' } })
      .png()
      .toBuffer()
  ).toString('base64');
  const listing = await json(
    await fetch(`${base}/api/listing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: seller.cookie },
      body: JSON.stringify({
        thumbnail: png,
        mimetype: 'image/png',
        title: 'Crash lamp',
        price: 2,
        description: 'd',
        category: 'Other',
        conditions: 'New',
        vendor_id: seller.id,
      }),
    }),
  );

  const acknowledged: string[] = [];
  let stop = false;
  const writer = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const content = `w${w}-m${i}`;
      try {
        const res = await fetch(`${base}/api/direct_message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: buyer.cookie },
          body: JSON.stringify({
            sender_id: buyer.id,
            receiver_id: seller.id,
            listing_id: listing.listing_id,
            content,
          }),
        });
        if (res.status === 201) acknowledged.push(content);
        else expect(res.status).toBeLessThan(500);
      } catch {
        return; // the server is gone
      }
    }
  };
  const writers = Array.from({ length: 8 }, (_, w) => writer(w));
  while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 20));
  first.kill('SIGKILL');
  await Promise.all(writers);
  stop = true;

  const second = startServer(env);
  await waitHealthy(base, second);
  const stored = (await (
    await fetch(`${base}/api/direct_message`, { headers: { cookie: buyer.cookie } })
  ).json()) as { content: string }[];
  const contents = new Set(stored.map((m) => m.content));
  expect(acknowledged.length).toBeGreaterThanOrEqual(150);
  expect(acknowledged.filter((c) => !contents.has(c))).toEqual([]);
  return base;
}

describe('kill -9 during sustained writes', () => {
  it('keeps every acknowledged write on SQLite, which passes its integrity check', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-crash-'));
    const file = path.join(dir, 'crash.db');
    await crashDuringWrites(`sqlite:${file}`, dir);
    for (const c of children) c.kill('SIGKILL');
    const db = new SQLite(file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps every acknowledged write on PostgreSQL',
    async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `crash_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-crash-pg-'));
      try {
        await crashDuringWrites(url.toString(), dir);
      } finally {
        for (const c of children) c.kill('SIGKILL');
        await new Promise((r) => setTimeout(r, 300));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
