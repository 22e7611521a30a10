/**
 * Two instances on one PostgreSQL database: an event caused through instance B reaches a buyer
 * connected to instance A (LISTEN/NOTIFY). PostgreSQL only: SQLite is single-instance by design.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '#server/db/factories.js';
import { signedInUser, twoInstances, type Actor, type TestContext } from '../harness.js';
import { acceptRequest, requestDelivery } from '../data.js';
import { openSse, type SseConnection } from '../sse-client.js';

describe.runIf(process.env.TEST_DATABASE_URL)('live events across two instances', () => {
  let a: TestContext;
  let b: FastifyInstance;
  let close: () => Promise<void>;
  const streams: SseConnection[] = [];
  const baseOf = (app: FastifyInstance) =>
    `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    const pair = await twoInstances();
    ({ a, close } = pair);
    b = pair.b.app;
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    await close();
  });

  it('delivers courier.position and delivery.updated from B to a buyer on A within a second; strangers get nothing', async () => {
    const vendor = await signedInUser(a, { username: 'cl_vendor' });
    const buyer = await signedInUser(a, { username: 'cl_buyer' });
    const courier = await signedInUser(a, { username: 'cl_courier', is_courier: 1 });
    const stranger = await signedInUser(a, { username: 'cl_stranger' });

    const open = async (app: FastifyInstance, actor: Actor) => {
      const conn = await openSse(baseOf(app), actor.cookie);
      streams.push(conn);
      await conn.next('ready');
      return conn;
    };
    const buyerOnA = await open(a.app, buyer);
    const strangerOnA = await open(a.app, stranger);
    const strangerOnB = await open(b, stranger);

    const { listing_id } = await createListing(a.database.db, { vendor_id: vendor.user.user_id });
    const p = { vendor, buyer, stranger, listing_id };
    const request = await requestDelivery(a, p);
    const id = (await acceptRequest(a, p, request.delivery_request_id)).delivery_id;

    // Both changes go through instance B.
    const viaB = (actor: Actor, method: 'PUT' | 'POST', url: string, payload: object) =>
      b.inject({ method, url, payload, headers: { cookie: actor.cookie } });
    const claimed = await viaB(courier, 'PUT', `/api/delivery_instruction/${id}`, {
      courier_id: courier.user.user_id,
      delivery_status: 'Assigned',
    });
    expect(claimed.statusCode).toBe(200);
    await buyerOnA.next(
      'delivery.updated',
      (d: { delivery?: { delivery_id: number; delivery_status: string } }) =>
        d.delivery?.delivery_id === id && d.delivery.delivery_status === 'Assigned',
      1000,
    );
    const moved = await viaB(courier, 'POST', `/api/delivery_instruction/${id}/position`, {
      lat: 37.7226,
      lng: -122.4788,
    });
    expect(moved.statusCode).toBe(200);
    const position = await buyerOnA.next('courier.position', () => true, 1000);
    expect(position.data).toMatchObject({ delivery_id: id, lat: 37.7226 });

    // A last event to the buyer proves the pipe is flushed before checking the strangers.
    await viaB(courier, 'POST', `/api/delivery_instruction/${id}/position`, {
      lat: 37.7227,
      lng: -122.4788,
    });
    await buyerOnA.next('courier.position', (p: { lat: number }) => p.lat === 37.7227, 1000);
    expect(strangerOnA.events.map((e) => e.event)).toEqual(['ready']);
    expect(strangerOnB.events.map((e) => e.event)).toEqual(['ready']);
  });
});
