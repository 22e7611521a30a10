/**
 * Server rendering of the public pages (src/server/ssr, src/client/entry-server.tsx) with the
 * real components and the real API, against a stand-in of the built client: what a visitor
 * without a session receives, and what everyone else still receives (the app shell).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DATA_ELEMENT_ID } from '#shared/constants.js';
import { listingOf } from '../data.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from '../harness.js';
import { standInClient } from '../stand-in-client.js';

let ctx: TestContext;
let client: ReturnType<typeof standInClient>;
let seller: Actor;
let listingId: number;

beforeAll(async () => {
  client = standInClient();
  ctx = await createTestApp({ env: { CLIENT_DIR: client.dir } });
  seller = await signedInUser(ctx, { username: 'priyaseller' });
  const listing = await listingOf(ctx, seller, {
    title: 'Desk lamp $& </script><b>bold</b>',
    price: 1234.56,
  });
  listingId = listing.listing_id;
});
afterAll(async () => {
  await ctx.close();
  client.remove();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  as(ctx).raw({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const root = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1];
const serverData = (html: string) => {
  const json = new RegExp(
    `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html)?.[1];
  return json === undefined
    ? undefined
    : (JSON.parse(json) as { queryKey: unknown[]; data: unknown }[]);
};

describe('a visitor without a session', () => {
  it('gets the home page rendered, with the featured listings and the data they came from', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.vary).toMatch(/cookie/);
    const markup = root(res.body);
    expect(markup).toContain('Buy and sell on campus');
    expect(markup).toContain('Featured products');
    // The title is text in the page, escaped; the price is written as en-US dollars.
    expect(markup).toContain('Desk lamp $&amp; &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(markup).toContain('$1,234.56');
    const data = serverData(res.body);
    expect(data).toEqual([
      expect.objectContaining({
        queryKey: ['listings', 'featured'],
        data: [expect.objectContaining({ listing_id: listingId })],
      }),
    ]);
  });

  it('gets the page styled inline and its code started once the page has loaded', async () => {
    const res = await page('/');
    expect(res.body).toContain('<style data-href="/assets/index-abc.css">.page{margin:0}</style>');
    expect(res.body).toContain(
      '<style data-href="/assets/home-page-abc.css">.hero{color:#46237a}</style>',
    );
    expect(res.body).not.toContain('rel="stylesheet"');
    // No script or preload competes with the page's images: one inline script starts the
    // entry, the template's preloads and the page's chunks, in that order, after `load`.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    const start = /<script data-modules="([^"]*)">([\s\S]*?)<\/script>/.exec(res.body);
    expect(start?.[1]?.split(' ')).toEqual([
      '/assets/index-abc.js',
      '/assets/jsx-runtime-abc.js',
      '/assets/home-page-abc.js',
      '/assets/listing-card-abc.js',
    ]);
    expect(start?.[2]).toContain("addEventListener('load'");
    // The policy allows that script, by its hash, and no other inline script.
    const hash = createHash('sha256').update(start![2]!).digest('base64');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split('; ')
      .find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('keeps the data script closed: no text from a listing can end it', async () => {
    const res = await page('/');
    const scripts = res.body.match(/<\/script>/g) ?? [];
    // The starting script and the data script, nothing else.
    expect(scripts).toHaveLength(2);
  });

  it('gets a search rendered with its results, though their code is not in the first load of home', async () => {
    // The results come from their own chunk in the browser (lib/lazy-component.ts): the server
    // waits for that code as it waits for data, and never sends a "Loading…" for it.
    const markup = root((await page('/?search=1&title=lamp')).body);
    expect(markup).toContain('Results for “lamp”');
    expect(markup).toContain('Desk lamp $&amp;');
    expect(markup).not.toContain('Loading');
  });

  it('gets a listing page rendered with its title, price and actions', async () => {
    const res = await page(`/productListing/${listingId}`);
    expect(res.statusCode).toBe(200);
    const markup = root(res.body);
    expect(markup).toContain('Desk lamp $&amp;');
    expect(markup).toContain('$1,234.56');
    expect(markup).toContain('priyaseller');
  });

  it('gets the not-found message of an impossible listing address rendered', async () => {
    expect(root((await page('/productListing/abc')).body)).toContain('No item Found');
  });

  it('gets /login rendered', async () => {
    const markup = root((await page('/login')).body);
    expect(markup).toContain('Password');
  });

  it('gets the app shell where the page cannot be rendered here', async () => {
    for (const url of ['/OrderStatus', '/courierNav/3', '/RealUserProfile']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('rel="stylesheet"');
    }
  });

  it('gets a missing listing and an unknown address rendered, as 404 (issue 50)', async () => {
    // Until issue 50 both were the app shell with 200: soft 404s.
    const missing = await page('/productListing/999999');
    expect(missing.statusCode).toBe(404);
    expect(root(missing.body)).toContain('No item Found');
    const unknown = await page('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(root(unknown.body)).toContain('Page not found');
  });

  it('gets the page compressed', async () => {
    const res = await page('/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('a signed-in visitor', () => {
  it('gets the app shell, which renders their own view in the browser', async () => {
    const buyer = await signedInUser(ctx);
    for (const url of ['/', `/productListing/${listingId}`, '/login']) {
      const res = await as(ctx, buyer).raw({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });
});
