/**
 * The delivery-proof migration on a database that already has deliveries: every row stays,
 * foreign keys still hold and cascade (SQLite's tables are made again), the new states are
 * allowed and the old rules still refuse what they refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Connection } from '#server/db/connect.js';
import { createListing } from '#server/db/factories.js';
import { migrateToLatest, migratorFor } from '#server/db/migrate.js';
import { insertDeliveryEvent } from '#server/features/deliveries/repository.js';
import { oldDelivery, oldRequest, oldUser } from '../data.js';
import { freshDatabaseUrl } from '../harness.js';

const BEFORE = '2026-11-30-moderation';
const DELIVERY_PROOF = '2026-12-02-delivery-proof';
let database: Connection;
let cleanUp: () => Promise<void>;

/** An empty database of the engine under test, and how to remove it. */
async function emptyDatabase(): Promise<{ database: Connection; cleanUp: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-migration-'));
  const { url, drop } = await freshDatabaseUrl(dir);
  return {
    database: connect(url),
    cleanUp: async () => {
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

beforeAll(async () => {
  ({ database, cleanUp } = await emptyDatabase());
});
afterAll(async () => {
  await database.destroy();
  await cleanUp();
});

describe(`migration ${DELIVERY_PROOF}`, () => {
  it('keeps every delivery, request and event, with their keys and cascades', async () => {
    const db = database.db;
    const up = await migratorFor(database).migrateTo(BEFORE);
    expect(up.error).toBeUndefined();

    const buyer = await oldUser(db, 'mig_buyer');
    const vendor = await oldUser(db, 'mig_vendor');
    const courier = await oldUser(db, 'mig_courier', 1);
    const listing = await createListing(db, { vendor_id: vendor.user_id, title: 'Old lamp' });
    const base = {
      buyer_id: buyer.user_id,
      vendor_id: vendor.user_id,
      listing_id: listing.listing_id,
      dropoff: 'Library' as const,
      buyer_special_request: 'Old note',
    };
    const requestId = await oldRequest(db, { ...base, status: 'Approved' });
    const deliveryId = await oldDelivery(db, {
      delivery_request_id: requestId,
      pickup: 'Quickly',
      dropoff: 'Library',
      seller_special_request: '',
      buyer_special_request: 'Old note',
      buyer_id: buyer.user_id,
      vendor_id: vendor.user_id,
      product_id: listing.product_id,
      listing_id: listing.listing_id,
      courier_id: courier.user_id,
      delivery_status: 'Picked Up',
    });
    await insertDeliveryEvent(db, {
      delivery_id: deliveryId,
      delivery_status: 'Picked Up',
      courier_id: courier.user_id,
      actor_id: courier.user_id,
      device_at: '2026-11-30T10:00:00.000Z',
    });
    await db
      .insertInto('courier_positions')
      .values({
        delivery_id: deliveryId,
        courier_id: courier.user_id,
        lat: 37.72,
        lng: -122.48,
        accuracy: 5,
        at: new Date().toISOString(),
      })
      .execute();
    const before = {
      requests: await db.selectFrom('delivery_requests').selectAll().execute(),
      deliveries: await db.selectFrom('delivery_instructions').selectAll().execute(),
      events: await db.selectFrom('delivery_events').selectAll().execute(),
    };

    expect((await migratorFor(database).migrateTo(DELIVERY_PROOF)).error).toBeUndefined();

    const requests = await db.selectFrom('delivery_requests').selectAll().execute();
    expect(requests).toEqual(
      before.requests.map((r) => ({ ...r, require_handover_code: 0, cancel_reason: '' })),
    );
    const deliveries = await db.selectFrom('delivery_instructions').selectAll().execute();
    expect(deliveries).toEqual(
      before.deliveries.map((d) => ({
        ...d,
        handover_required: 0,
        proof_photo: null,
        return_reason: null,
        return_note: '',
        cancel_reason: '',
      })),
    );
    expect(await db.selectFrom('delivery_events').selectAll().execute()).toEqual(before.events);

    // The new states are allowed, the old rules still hold.
    await db
      .updateTable('delivery_instructions')
      .set({ delivery_status: 'Returned', return_reason: 'wrong_place' })
      .where('delivery_id', '=', deliveryId)
      .execute();
    for (const refused of [
      { delivery_status: 'Lost' as never },
      { return_reason: 'bored' as never },
      { delivery_status: 'Assigned', courier_id: null },
    ] as const) {
      await expect(
        db
          .updateTable('delivery_instructions')
          .set(refused)
          .where('delivery_id', '=', deliveryId)
          .execute(),
        JSON.stringify(refused),
      ).rejects.toThrow();
    }
    // One Pending request per buyer and listing; a cancelled one leaves room for another.
    const pending = await oldRequest(db, base);
    await expect(oldRequest(db, base)).rejects.toThrow();
    await db
      .updateTable('delivery_requests')
      .set({ status: 'Cancelled' })
      .where('delivery_request_id', '=', pending)
      .execute();
    await oldRequest(db, base);

    // Foreign keys still point at the rebuilt tables, and still cascade.
    await expect(
      insertDeliveryEvent(db, {
        delivery_id: 999_999,
        delivery_status: 'Assigned',
        courier_id: null,
        actor_id: buyer.user_id,
        device_at: null,
      }),
    ).rejects.toThrow();
    await db.deleteFrom('delivery_instructions').where('delivery_id', '=', deliveryId).execute();
    expect(await db.selectFrom('delivery_events').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('courier_positions').selectAll().execute()).toEqual([]);
    if (database.sqlite) {
      expect(database.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(database.sqlite.pragma('foreign_key_check')).toEqual([]);
      expect(database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    } else {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_constraint
        where conname = 'delivery_requests_once'`.execute(db);
      expect(rows[0]!.n).toBe(0);
    }
  });
});

describe('migrations merged out of date order', () => {
  it('end with the columns of both when the sign-in guard ran before delivery-proof', async () => {
    const late = await emptyDatabase();
    try {
      // A database of the days before delivery-proof was merged: up to the sign-in guard.
      const all = await migratorFor(late.database).getMigrations();
      const withoutProof = Object.fromEntries(
        all
          .filter((m) => m.name <= '2026-12-04-sign-in-guard' && m.name !== DELIVERY_PROOF)
          .map((m) => [m.name, m.migration]),
      );
      const earlier = new Migrator({
        db: late.database.db,
        provider: { getMigrations: async () => withoutProof },
      });
      expect((await earlier.migrateToLatest()).error).toBeUndefined();

      await migrateToLatest(late.database);

      const tables = await late.database.db.introspection.getTables();
      const columns = (table: string) =>
        tables.find((t) => t.name === table)!.columns.map((c) => c.name);
      expect(columns('delivery_requests')).toEqual(
        expect.arrayContaining(['require_handover_code', 'cancel_reason', 'decline_reason']),
      );
      expect(columns('delivery_events')).toContain('device_at_adjusted');
      expect(columns('delivery_instructions')).toEqual(
        expect.arrayContaining(['handover_required', 'proof_photo', 'return_reason']),
      );
    } finally {
      await late.database.destroy();
      await late.cleanUp();
    }
  });
});
