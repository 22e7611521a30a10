/** Meetings on campus in the API tests: a held listing, a meeting on it, its steps. */
import { expect } from 'vitest';
import type { Hold, Meeting, Offer } from '#shared/schemas/sales.js';
import { parties, type Parties } from '../data.js';
import { as, type Actor, type TestContext } from '../harness.js';

/** An ISO time this many minutes from now. */
export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Parties whose listing ($20) is held for the buyer at an offer of $15 the seller accepted. */
export async function heldParties(ctx: TestContext, amount = 15) {
  const p = await parties(ctx);
  const made = await as(ctx, p.buyer).post('/api/offers', { listing_id: p.listing_id, amount });
  expect(made.statusCode, made.body).toBe(201);
  const offer = made.json<Offer>();
  const accepted = await as(ctx, p.vendor).put(`/api/offers/${offer.offer_id}`, {
    action: 'accept',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const holds = await as(ctx, p.vendor).get(`/api/holds?listing_id=${p.listing_id}`);
  const hold = holds.json<Hold[]>()[0]!;
  expect(hold.status).toBe('Active');
  return { ...p, hold };
}
export type HeldParties = Parties & { hold: Hold };

export function propose(
  ctx: TestContext,
  by: Actor,
  holdId: number,
  at = inMinutes(120),
  location = 'Library',
) {
  return as(ctx, by).post('/api/meetings', { hold_id: holdId, location, at });
}

export function act(ctx: TestContext, by: Actor, meetingId: number, body: object) {
  return as(ctx, by).put(`/api/meetings/${meetingId}`, body);
}

/** The same step with an Idempotency-Key, as the outbox sends and replays it. */
export function actKeyed(
  ctx: TestContext,
  by: Actor,
  meetingId: number,
  body: object,
  key: string,
) {
  return as(ctx, by).raw({
    method: 'PUT',
    url: `/api/meetings/${meetingId}`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
  });
}

/** A meeting the buyer proposed and the seller agreed to, `minutes` from now. */
export async function agreedMeeting(ctx: TestContext, p: HeldParties, minutes = 120) {
  const made = await propose(ctx, p.buyer, p.hold.hold_id, inMinutes(minutes));
  expect(made.statusCode, made.body).toBe(201);
  const proposed = made.json<Meeting>();
  const agreed = await act(ctx, p.vendor, proposed.meeting_id, { action: 'accept' });
  expect(agreed.statusCode, agreed.body).toBe(200);
  // The buyer reads the code in their list (never in a write's answer).
  const code = (await meetingAs(ctx, p.buyer, proposed.meeting_id))?.handover_code;
  expect(code).toMatch(/^[0-9]{4}$/);
  return { meeting: agreed.json<Meeting>(), code: code! };
}

/** The meeting as `who` reads it in their list. */
export async function meetingAs(ctx: TestContext, who: Actor, meetingId: number) {
  const list = (await as(ctx, who).get('/api/meetings')).json<Meeting[]>();
  return list.find((m) => m.meeting_id === meetingId);
}

/** A code that is not `code`. */
export const otherCode = (code: string) => (code === '0000' ? '1111' : '0000');
