/**
 * The delivery-proof migration on a database that already has deliveries: every row stays,
 * foreign keys still hold and cascade (SQLite's tables are made again), the new states are
 * allowed and the old rules still refuse what they refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Connection } from '#server/db/connect.js';
import { createListing, createUser } from '#server/db/factories.js';
import { migrateToLatest, migratorFor } from '#server/db/migrate.js';
import {
  insertDeliveryEvent,
  insertInstruction,
  insertRequest,
} from '#server/features/deliveries/repository.js';
import { freshDatabase } from '../fixtures/postgres.js';

const BEFORE = '2026-11-30-moderation';
let database: Connection;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const fresh = await freshDatabase(base);
    database = connect(fresh.url);
    cleanUp = fresh.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-migration-'));
    database = connect(`sqlite:${path.join(dir, 'test.db')}`);
    cleanUp = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await database.destroy();
  await cleanUp();
});

describe('migration 2026-12-02-delivery-proof', () => {
  it('keeps every delivery, request and event, with their keys and cascades', async () => {
    const db = database.db;
    const up = await migratorFor(database).migrateTo(BEFORE);
    expect(up.error).toBeUndefined();

    const buyer = await createUser(db, { username: 'mig_buyer' });
    const vendor = await createUser(db, { username: 'mig_vendor' });
    const courier = await createUser(db, { username: 'mig_courier', is_courier: 1 });
    const listing = await createListing(db, { vendor_id: vendor.user_id, title: 'Old lamp' });
    const base = {
      buyer_id: buyer.user_id,
      vendor_id: vendor.user_id,
      listing_id: listing.listing_id,
      dropoff: 'Library' as const,
      buyer_special_request: 'Old note',
    };
    const requestId = await insertRequest(db, { ...base, status: 'Approved' });
    const deliveryId = await insertInstruction(db, {
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

    await migrateToLatest(database);

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
    await expect(
      db
        .updateTable('delivery_instructions')
        .set({ delivery_status: 'Lost' as never })
        .where('delivery_id', '=', deliveryId)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .updateTable('delivery_instructions')
        .set({ return_reason: 'bored' as never })
        .where('delivery_id', '=', deliveryId)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .updateTable('delivery_instructions')
        .set({ delivery_status: 'Assigned', courier_id: null })
        .where('delivery_id', '=', deliveryId)
        .execute(),
    ).rejects.toThrow();
    // One Pending request per buyer and listing; a cancelled one leaves room for another.
    const pending = await insertRequest(db, base);
    await expect(insertRequest(db, base)).rejects.toThrow();
    await db
      .updateTable('delivery_requests')
      .set({ status: 'Cancelled' })
      .where('delivery_request_id', '=', pending)
      .execute();
    await insertRequest(db, base);

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
