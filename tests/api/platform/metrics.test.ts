/**
 * GET /metrics: the Prometheus text format (read by a strict parser), request durations by
 * route template, the operator's numbers, and who may read it (this machine, or the bearer of
 * METRICS_TOKEN and nobody else).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { listingOf, unassignedDelivery } from '../data.js';
import { as, createTestApp, listening, signedInUser, type TestContext } from '../harness.js';
import { pushWaiting } from '../notify-support.js';
import { parsePrometheusText, sampleValue, type Family } from '../prometheus-text.js';
import { openSse } from '../sse-client.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

async function scrape(ctx: TestContext): Promise<Map<string, Family>> {
  const res = await ctx.app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  return parsePrometheusText(res.body);
}

describe('what /metrics says', () => {
  let ctx: TestContext;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    base = await listening(ctx);
  });
  afterAll(async () => ctx.close());

  it('is Prometheus text with the process and Node.js metrics, never cached', async () => {
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const families = parsePrometheusText(res.body);
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('counter');
    expect(families.get('process_resident_memory_bytes')?.type).toBe('gauge');
    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(families.get('nodejs_heap_size_used_bytes')?.type).toBe('gauge');
    for (const name of [
      'event_streams_open',
      'mail_outbox_messages',
      'deliveries',
      'backup_last_success_timestamp_seconds',
    ]) {
      expect(families.get(name)?.type, name).toBe('gauge');
    }
    for (const name of ['sign_in_failures_total', 'http_rate_limited_total', 'backups_total']) {
      expect(families.get(name)?.type, name).toBe('counter');
    }
    expect(sampleValue(families, 'backups_total', { result: 'failed' })).toBe(0);
    expect(sampleValue(families, 'backup_last_success_timestamp_seconds')).toBe(0);
  });

  it('times requests by method, route template and status, never by the address asked', async () => {
    const vendor = await signedInUser(ctx);
    const { listing_id } = await listingOf(ctx, vendor);
    expect((await as(ctx).get(`/api/listing/${listing_id}`)).statusCode).toBe(200);
    expect((await as(ctx).get('/api/listing/987654')).statusCode).toBe(404);
    expect((await as(ctx).get('/api/no/such/call/4242')).statusCode).toBe(404);
    const families = await scrape(ctx);
    const histogram = families.get('http_request_duration_seconds')!;
    expect(histogram.type).toBe('histogram');
    const count = (labels: Record<string, string>) =>
      sampleValue(families, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/listing/:id', status_code: '200' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/listing/:id', status_code: '404' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(
      sampleValue(families, 'http_request_duration_seconds_bucket', {
        route: '/api/listing/:id',
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(1);
    const routes = new Set(histogram.samples.map((s) => s.labels.route));
    for (const route of routes) expect(route).not.toMatch(/\d/);
  });

  it('counts failed sign-ins and 429s', async () => {
    const person = await signedInUser(ctx);
    const before = await scrape(ctx);
    for (let i = 0; i < 6; i++) {
      await as(ctx).post('/api/login', { email: person.user.sfsu_email, password: 'wrong-guess' });
    }
    const after = await scrape(ctx);
    const failures = (f: Map<string, Family>) => sampleValue(f, 'sign_in_failures_total') ?? 0;
    expect(failures(after) - failures(before)).toBe(5);
    expect(sampleValue(after, 'http_rate_limited_total', { route: '/api/login' })).toBe(1);
  });

  it('reads open event streams, queued mail and push messages, and deliveries by status', async () => {
    const person = await signedInUser(ctx);
    const stream = await openSse(base, person.cookie);
    await stream.next('ready');
    expect(sampleValue(await scrape(ctx), 'event_streams_open')).toBe(1);
    stream.close();
    await expect.poll(async () => sampleValue(await scrape(ctx), 'event_streams_open')).toBe(0);

    await unassignedDelivery(ctx);
    const families = await scrape(ctx);
    expect(sampleValue(families, 'deliveries', { status: 'Unassigned' })).toBe(1);
    expect(sampleValue(families, 'deliveries', { status: 'Delivered' })).toBe(0);
    for (const queue of ['mail_outbox_messages', 'push_outbox_messages', 'notification_events']) {
      for (const status of ['queued', 'sending', 'failed']) {
        expect(sampleValue(families, queue, { status })).toEqual(expect.any(Number));
      }
    }
    // A push message given up is counted as failed.
    await pushWaiting(ctx, person, 'https://push.example.net/send/metrics', 'failed', '410 Gone');
    expect(sampleValue(await scrape(ctx), 'push_outbox_messages', { status: 'failed' })).toBe(1);
  });
});

describe('who may read /metrics', () => {
  it('without METRICS_TOKEN: this machine only, not through a proxy', async () => {
    const ctx = await createTestApp();
    try {
      expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(200);
      const remote = await ctx.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().message).toMatch(/METRICS_TOKEN/);
      const proxied = await ctx.app.inject({
        url: '/metrics',
        headers: { 'x-forwarded-for': '198.51.100.4' },
      });
      expect(proxied.statusCode).toBe(403);
      // A token is no use while none is set.
      const bearer = await ctx.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(bearer.statusCode).toBe(403);
    } finally {
      await ctx.close();
    }
  });

  it('with METRICS_TOKEN: the bearer from anywhere, 401 to anyone else, this machine included', async () => {
    const ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const local = await ctx.app.inject({ url: '/metrics' });
      expect(local.statusCode).toBe(401);
      expect(local.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(local.json().code).toBe('unauthenticated');
      for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
        const res = await ctx.app.inject({ url: '/metrics', headers: { authorization } });
        expect(res.statusCode, authorization).toBe(401);
      }
      const remote = await ctx.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.4' },
      });
      expect(remote.statusCode).toBe(200);
      expect(parsePrometheusText(remote.body).has('http_request_duration_seconds')).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('refuses a short METRICS_TOKEN at start without repeating it', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short secret' })).toThrow(
      /METRICS_TOKEN must be 16 to 200 characters without spaces/,
    );
    try {
      loadConfig({ METRICS_TOKEN: 'short secret' });
    } catch (error) {
      expect(String(error)).not.toContain('short secret');
    }
  });
});
