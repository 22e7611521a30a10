import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parties } from '../data.js';
import { appForFile, as, signedInUser } from '../harness.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const ctx = await appForFile();

describe('the database connection', () => {
  it('uses the engine TEST_DATABASE_URL asks for', () => {
    expect(ctx.database.dialect).toBe(onPostgres ? 'postgres' : 'sqlite');
  });

  it.skipIf(!onPostgres)(
    'survives PostgreSQL closing idle connections (a restart or failover)',
    async () => {
      const actor = await signedInUser(ctx);
      const p = await parties(ctx);
      const send = () =>
        as(ctx, p.buyer).post('/api/direct_message', {
          sender_id: p.buyer.user.user_id,
          receiver_id: p.vendor.user.user_id,
          listing_id: p.listing_id,
          content: 'Still there?',
        });
      // A message is published to live listeners: the event bus holds connections too.
      expect((await send()).statusCode).toBe(201);
      // Fill the pool with idle connections, then have the server end every one of them.
      await Promise.all(
        Array.from({ length: 4 }, () => sql`select pg_sleep(0.05)`.execute(ctx.database.db)),
      );
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
        ctx.database.db,
      );
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [rows[0]!.name],
        );
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The process is still up and the next requests get fresh connections.
      const res = await as(ctx, actor).get('/api/me');
      expect(res.statusCode).toBe(200);
      expect((await as(ctx).get('/api/all')).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(201);
    },
  );
});
