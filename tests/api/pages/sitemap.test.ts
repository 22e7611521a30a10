/**
 * robots.txt and the sitemap (src/server/features/seo): what search engines may read, built from
 * PUBLIC_URL; the sitemap lists the public pages and the active listings with their last change,
 * split into files, and follows the listings as they change.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type PageHandle } from '#client/app/router.js';
import { buildApp } from '#server/app.js';
import { SITEMAP_URLS_PER_FILE } from '#server/features/seo/sitemap.js';
import type { RouteObject } from 'react-router';
import { listingOf } from '../data.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from '../harness.js';

const PUBLIC_URL = 'https://market.example.edu';
const MODERATOR_EMAIL = 'map.mod@sfsu.edu';
let ctx: TestContext;
let seller: Actor;
let moderator: Actor;
/** The same app with three addresses per sitemap file. */
let small: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_URL, MODERATOR_EMAILS: MODERATOR_EMAIL } });
  small = await buildApp({
    config: ctx.config,
    database: ctx.database,
    logger: false,
    sitemapUrlsPerFile: 3,
  });
  await small.ready();
  seller = await signedInUser(ctx, { username: 'mapseller' });
  moderator = await signedInUser(ctx, { sfsu_email: MODERATOR_EMAIL, username: 'map_mod' });
});
afterAll(async () => {
  await small.close();
  await ctx.close();
});

const get = (url: string, app: FastifyInstance = ctx.app) => app.inject({ method: 'GET', url });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
/** Each <url>'s address and its <lastmod>. */
const urls = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
    (m) => ({ loc: m[1]!, lastmod: m[2] }),
  );
const listingUrl = (id: number) => `${PUBLIC_URL}/productListing/${id}`;
/** Every listing address in the sitemap, across its files. */
async function listedListings(app: FastifyInstance = ctx.app): Promise<string[]> {
  const index = await get('/sitemap.xml', app);
  const files = locs(index.body).filter((loc) => loc.includes('/sitemaps/listings-'));
  const all: string[] = [];
  for (const file of files) {
    const res = await get(file.slice(PUBLIC_URL.length), app);
    expect(res.statusCode, file).toBe(200);
    all.push(...locs(res.body));
  }
  return all;
}

/** Is `path` kept out by robots.txt (longest matching rule wins, as Google reads it)? */
function disallowed(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const rule = /^(Allow|Disallow):\s*(\S*)$/.exec(line);
    if (!rule?.[2] || !path.startsWith(rule[2])) continue;
    if (rule[2].length > best.length) best = { length: rule[2].length, allow: rule[1] === 'Allow' };
  }
  return !best.allow;
}

/** Every route of the app as an address, with its handle. */
function appRoutes(list: RouteObject[], base = ''): { path: string; ssr: boolean }[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path?.startsWith('/')
      ? route.path
      : `${base.replace(/\/$/, '')}/${route.path ?? ''}`;
    const own = route.index
      ? [{ path: base || '/', ssr: Boolean((route.handle as PageHandle | undefined)?.ssr) }]
      : route.children
        ? []
        : [{ path, ssr: Boolean((route.handle as PageHandle | undefined)?.ssr) }];
    return [...own, ...appRoutes(route.children ?? [], route.path ? path : base)];
  });
}

describe('robots.txt', () => {
  it('keeps the API and every signed-in screen out, lets the public pages in, names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const robots = res.body;
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    for (const path of ['/api/listing/1', '/api/me', '/mailbox', '/metrics']) {
      expect(disallowed(robots, path), path).toBe(true);
    }
    const pages = appRoutes(routes).map((r) => ({ ...r, path: r.path.replace(/:\w+/, '12') }));
    expect(pages.length).toBeGreaterThan(20);
    for (const { path, ssr } of pages) expect(disallowed(robots, path), path).toBe(!ssr);
    // As the app's own links spell them (robots.txt paths are case-sensitive; routes are not).
    for (const path of ['/RealUserProfile', '/Chats', '/CourierPage', '/OrderStatus']) {
      expect(disallowed(robots, path), path).toBe(true);
    }
    for (const path of ['/', '/?search=1&title=lamp', '/productListing/3', '/userProfile?id=2']) {
      expect(disallowed(robots, path), path).toBe(false);
    }
  });
});

describe('the sitemap', () => {
  let active: { listing_id: number };
  let repriced: { listing_id: number };
  beforeAll(async () => {
    active = await listingOf(ctx, seller, { listing_date: '2026-03-04T10:00:00.000Z' });
    repriced = await listingOf(ctx, seller, { listing_date: '2026-03-01T10:00:00.000Z' });
    const drop = await as(ctx, seller).patch(`/api/listing/${repriced.listing_id}`, { price: 5 });
    expect(drop.statusCode, drop.body).toBe(200);
  });

  it('is an index of absolute addresses: the public pages and the listings', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(locs(res.body)).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/listings-1.xml`,
    ]);
    // The listings file says when its newest listing last changed.
    expect(res.body).toMatch(
      /<loc>[^<]*listings-1\.xml<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/,
    );
  });

  it('lists the public pages, not the sign-in forms or anyone’s screens', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    const pages = locs(res.body);
    expect(pages).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/aboutTeam`,
        `${PUBLIC_URL}/aboutMaya`,
        `${PUBLIC_URL}/safety`,
        `${PUBLIC_URL}/terms-of-service`,
        `${PUBLIC_URL}/user-agreement`,
      ]),
    );
    for (const page of pages) expect(page).not.toMatch(/login|register|Profile|Chats|Order/i);
  });

  it('lists each active listing with its last change: posting, or a later price change', async () => {
    const res = await get('/sitemaps/listings-1.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const byLoc = new Map(urls(res.body).map((u) => [u.loc, u.lastmod]));
    expect(byLoc.get(listingUrl(active.listing_id))).toBe('2026-03-04T10:00:00.000Z');
    const changed = byLoc.get(listingUrl(repriced.listing_id));
    expect(Date.parse(changed!)).toBeGreaterThan(Date.parse('2026-03-02T00:00:00Z'));
  });

  it('leaves out what a visitor cannot open, and follows removals at once', async () => {
    const sold = await listingOf(ctx, seller, { listing_status: 'Sold' });
    const deleted = await listingOf(ctx, seller, { listing_status: 'Deleted' });
    const hidden = await listingOf(ctx, seller);
    const removed = await listingOf(ctx, seller);
    let listed = await listedListings();
    expect(listed).toContain(listingUrl(hidden.listing_id));
    expect(listed).toContain(listingUrl(removed.listing_id));
    expect(listed).not.toContain(listingUrl(sold.listing_id));
    expect(listed).not.toContain(listingUrl(deleted.listing_id));

    const hide = await as(ctx, moderator).put(`/api/moderation/listings/${hidden.listing_id}`, {
      hidden: true,
      reason: 'Not allowed on campus',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const gone = await as(ctx, seller).delete(`/api/listing/${removed.listing_id}`);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    listed = await listedListings();
    expect(listed).not.toContain(listingUrl(hidden.listing_id));
    expect(listed).not.toContain(listingUrl(removed.listing_id));
    expect(listed).toContain(listingUrl(active.listing_id));
  });

  it('splits the listings into files of at most the limit (50,000; here 3), all listed', async () => {
    expect(SITEMAP_URLS_PER_FILE).toBe(50_000);
    for (let i = 0; i < 5; i++) await listingOf(ctx, seller);
    const everything = await listedListings();
    const index = await get('/sitemap.xml', small);
    const files = locs(index.body).filter((loc) => loc.includes('/sitemaps/listings-'));
    expect(files).toHaveLength(Math.ceil(everything.length / 3));
    expect(files.at(-1)).toBe(`${PUBLIC_URL}/sitemaps/listings-${files.length}.xml`);
    const split: string[] = [];
    for (const file of files) {
      const res = await get(file.slice(PUBLIC_URL.length), small);
      const inFile = locs(res.body);
      expect(inFile.length).toBeGreaterThan(0);
      expect(inFile.length).toBeLessThanOrEqual(3);
      split.push(...inFile);
    }
    expect(split).toEqual(everything);
    // One past the last file, and names that are no file, are the API's JSON 404.
    for (const name of [`listings-${files.length + 1}.xml`, 'listings-0.xml', 'secrets.xml']) {
      const res = await get(`/sitemaps/${name}`, small);
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
