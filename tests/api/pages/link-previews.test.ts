/**
 * What a link-preview bot and a search engine read of the public pages, without JavaScript
 * (src/server/ssr/link-preview.ts): title, description, canonical address, Open Graph and
 * Twitter tags, a listing's schema.org Product (checked with Google's rich-result rules by
 * @adobe/structured-data-validator, and typed with schema.org's vocabulary by schema-dts where
 * it is built), noindex on private screens, real 404s, and dates in the campus's time zone.
 */
import Validator from '@adobe/structured-data-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productData } from '#server/ssr/link-preview.js';
import { listingBody, listingOf } from '../data.js';
import { as, createTestApp, signedInUser, type Actor, type TestContext } from '../harness.js';
import { standInClient } from '../stand-in-client.js';

const PUBLIC_URL = 'https://market.example.edu';
const MODERATOR_EMAIL = 'preview.mod@sfsu.edu';
let ctx: TestContext;
let client: ReturnType<typeof standInClient>;
let seller: Actor;
let moderator: Actor;
/** A listing made through the API, with a stored picture. */
let lamp: { listing_id: number; thumbnail: string | null };

beforeAll(async () => {
  client = standInClient();
  ctx = await createTestApp({
    env: { CLIENT_DIR: client.dir, PUBLIC_URL, MODERATOR_EMAILS: MODERATOR_EMAIL },
  });
  seller = await signedInUser(ctx, { username: 'priyaseller' });
  moderator = await signedInUser(ctx, { sfsu_email: MODERATOR_EMAIL, username: 'preview_mod' });
  const created = await as(ctx, seller).post(
    '/api/listing',
    await listingBody(seller, {
      title: 'Desk lamp $& </script><b>bold</b>',
      price: 1234.5,
      conditions: 'Used - Like New',
      description: 'Bright and adjustable.\nPick it up at the library.',
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  lamp = created.json();
});
afterAll(async () => {
  await ctx.close();
  client.remove();
});

/** A link-preview bot: no cookie, no JavaScript, `*` / `*`. */
const fetchAsBot = (url: string, actor?: Actor) =>
  as(ctx, actor).raw({
    method: 'GET',
    url,
    headers: { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1' },
  });

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
/** Every <meta name|property="key" content="…"> of the head, by key. */
function metaTags(html: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const m of head(html).matchAll(
    /<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g,
  )) {
    tags.set(m[1]!, [...(tags.get(m[1]!) ?? []), unescape(m[2]!)]);
  }
  return tags;
}
const metaOf = (html: string, key: string) => metaTags(html).get(key)?.[0];
const titleOf = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const canonicalOf = (html: string) =>
  unescape(/<link rel="canonical" href="([^"]*)"/.exec(head(html))?.[1] ?? '');
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => m[1]!,
  );
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div><script/.exec(html)?.[1] ?? '';
const noindex = (html: string) => /<meta name="robots" content="noindex"/.test(head(html));

describe('a listing pasted into a chat app', () => {
  it('previews its title, price, description and picture, with absolute addresses', async () => {
    const res = await fetchAsBot(`/productListing/${lamp.listing_id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const title = 'Desk lamp $& </script><b>bold</b>';
    expect(titleOf(html)).toBe(`${title} · Gator Market`);
    const url = `${PUBLIC_URL}/productListing/${lamp.listing_id}`;
    expect(canonicalOf(html)).toBe(url);
    expect(metaOf(html, 'og:url')).toBe(url);
    expect(metaOf(html, 'og:site_name')).toBe('Gator Market');
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:title')).toBe(title);
    expect(metaOf(html, 'twitter:title')).toBe(title);
    const description =
      '$1,234.50 · Used - Like New · Furniture. Bright and adjustable. Pick it up at the library.';
    expect(metaOf(html, 'description')).toBe(description);
    expect(metaOf(html, 'og:description')).toBe(description);
    expect(metaOf(html, 'twitter:description')).toBe(description);
    // One description: the page's replaced the site's.
    expect(metaTags(html).get('description')).toHaveLength(1);
    for (const key of ['product:price:amount', 'og:price:amount']) {
      expect(metaOf(html, key), key).toBe('1234.50');
    }
    for (const key of ['product:price:currency', 'og:price:currency']) {
      expect(metaOf(html, key), key).toBe('USD');
    }
    expect(metaOf(html, 'product:availability')).toBe('in stock');
    expect(metaOf(html, 'product:condition')).toBe('used');

    // The large picture (960 px), not the card's: chat apps want 600 px and more.
    expect(lamp.thumbnail).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    const image = `${PUBLIC_URL}${lamp.thumbnail}`;
    expect(metaOf(html, 'og:image')).toBe(image);
    expect(metaOf(html, 'twitter:image')).toBe(image);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:image:type')).toBe('image/webp');
    const picture = await as(ctx).get(lamp.thumbnail!);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(Number(metaOf(html, 'og:image:width'))).toBeGreaterThan(0);
    expect(Number(metaOf(html, 'og:image:height'))).toBeGreaterThan(0);
    expect(metaOf(html, 'og:image:alt')).toBe(title);
    expect(noindex(html)).toBe(false);
  });

  it('comes the same to a bot that sends no Accept header', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/productListing/${lamp.listing_id}`,
      headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' },
    });
    expect(res.statusCode).toBe(200);
    expect(metaOf(res.body, 'og:title')).toBe('Desk lamp $& </script><b>bold</b>');
  });

  it('carries the tags early in the head, where previewers that read only the start look', async () => {
    const html = (await fetchAsBot(`/productListing/${lamp.listing_id}`)).body;
    expect(html.indexOf('property="og:image"')).toBeLessThan(html.indexOf('<style'));
    expect(html.indexOf('property="og:image"')).toBeLessThan(8 * 1024);
  });
});

/** What the tests read of the JSON-LD (all of it is compared as JSON). */
interface ProductData {
  offers: { availability: string; itemCondition: string };
  [key: string]: unknown;
}

describe("a listing's structured data", () => {
  const productOf = async (id: number) => {
    const html = (await fetchAsBot(`/productListing/${id}`)).body;
    const [json, ...more] = jsonLdOf(html);
    expect(more).toEqual([]);
    return { html, json: json!, data: JSON.parse(json!) as ProductData };
  };

  it('is a schema.org Product with an Offer: price, currency, availability, condition, seller', async () => {
    const { data } = await productOf(lamp.listing_id);
    const url = `${PUBLIC_URL}/productListing/${lamp.listing_id}`;
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Desk lamp $& </script><b>bold</b>',
      description: 'Bright and adjustable.\nPick it up at the library.',
      image: [`${PUBLIC_URL}${lamp.thumbnail}`],
      sku: String(lamp.listing_id),
      category: 'Furniture',
      url,
      offers: {
        '@type': 'Offer',
        url,
        price: '1234.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/UsedCondition',
        seller: {
          '@type': 'Person',
          name: 'priyaseller',
          url: `${PUBLIC_URL}/userProfile?id=${seller.user.user_id}`,
        },
      },
    });
  });

  it("passes Google's rich-result rules for Product, Offer and Person (no error)", async () => {
    const { data } = await productOf(lamp.listing_id);
    const issues = await new Validator().validate({ jsonld: { Product: [data] } });
    expect(issues.filter((issue) => issue.severity === 'ERROR')).toEqual([]);
    // The check does catch a broken one.
    const broken = await new Validator().validate({
      jsonld: { Product: [{ ...data, name: undefined, offers: { '@type': 'Offer' } }] },
    });
    expect(broken.filter((issue) => issue.severity === 'ERROR').length).toBeGreaterThan(1);
  });

  it('cannot be ended by a title: `<` is written \\u003c, and only data blocks are inline', async () => {
    const { html, json } = await productOf(lamp.listing_id);
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script>\\u003cb>bold\\u003c/b>');
    // The starting script, the structured data and the page's data: nothing else ends a script.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    // JSON-LD is a data block, never run, so the policy needs nothing for it: no inline code
    // is allowed but the starting script's hash.
    const policy = String(
      (await fetchAsBot(`/productListing/${lamp.listing_id}`)).headers['content-security-policy'],
    );
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
  });

  it('maps the conditions: New to NewCondition, the used ones to UsedCondition', async () => {
    const fresh = await listingOf(ctx, seller, { conditions: 'New' });
    const fair = await listingOf(ctx, seller, { conditions: 'Used - Fair' });
    expect((await productOf(fresh.listing_id)).data.offers.itemCondition).toBe(
      'https://schema.org/NewCondition',
    );
    expect((await productOf(fair.listing_id)).data.offers.itemCondition).toBe(
      'https://schema.org/UsedCondition',
    );
  });

  it('says whether it can be had: in stock, on hold, out of stock, sold', async () => {
    // On hold for a buyer (docs/sales-states.md): the listing carries on_hold.
    const lampData = (await productOf(lamp.listing_id)).data;
    const [detail] = (await as(ctx).get(`/api/listing/${lamp.listing_id}`)).json();
    expect(productData({ ...detail, on_hold: true }, PUBLIC_URL).offers).toMatchObject({
      availability: 'https://schema.org/LimitedAvailability',
    });
    expect(lampData.offers.availability).toBe('https://schema.org/InStock');

    const away = await listingOf(ctx, seller, { availability: 'Out of Stock' });
    const awayPage = await productOf(away.listing_id);
    expect(awayPage.data.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(metaOf(awayPage.html, 'product:availability')).toBe('out of stock');

    const sold = await listingOf(ctx, seller, { title: 'Sold bike' });
    const mark = await as(ctx, seller).put(`/api/listing/${sold.listing_id}`, {
      listing_status: 'Sold',
    });
    expect(mark.statusCode, mark.body).toBe(200);
    // A sold listing stays readable, as 200, marked sold.
    const res = await fetchAsBot(`/productListing/${sold.listing_id}`);
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toContain('<span class="badge">Sold</span>');
    const soldData = await productOf(sold.listing_id);
    expect(soldData.data.offers.availability).toBe('https://schema.org/SoldOut');
    expect(metaOf(soldData.html, 'product:availability')).toBe('out of stock');
    expect(metaOf(soldData.html, 'og:description')).toMatch(/^\$10\.00 · New · Other · Sold\./);
  });

  it('is only on listing pages', async () => {
    for (const url of ['/', '/?search=1&title=lamp', `/userProfile?id=${seller.user.user_id}`]) {
      expect(jsonLdOf((await fetchAsBot(url)).body), url).toEqual([]);
    }
  });
});

describe('the other public pages', () => {
  it('home: the site, its own address, the app icon', async () => {
    const html = (await fetchAsBot('/?utm_source=chat')).body;
    expect(titleOf(html)).toBe('Gator Market — campus marketplace');
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/`);
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'description')).toBe(
      'Gator Market: buy and sell with students on campus, with delivery by student couriers.',
    );
    expect(metaOf(html, 'og:image')).toBe(`${PUBLIC_URL}/icons/icon-512.png`);
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    expect(noindex(html)).toBe(false);
  });

  it('a search: its words and filters as its address, what it found as its description', async () => {
    const html = (await fetchAsBot('/?title=lamp&search=1&utm_source=chat&category=furniture'))
      .body;
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/?search=1&category=Furniture&title=lamp`);
    expect(metaOf(html, 'og:description')).toMatch(
      /^“lamp” in Furniture: \d+ items? for sale on campus\.$/,
    );
    expect(titleOf(html)).toBe('Search · Gator Market');
  });

  it("a seller's public profile: rendered, with the seller's name and address", async () => {
    const res = await fetchAsBot(`/userProfile?id=${seller.user.user_id}&ref=x`);
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toContain('priyaseller');
    expect(titleOf(res.body)).toBe('priyaseller · Gator Market');
    expect(canonicalOf(res.body)).toBe(`${PUBLIC_URL}/userProfile?id=${seller.user.user_id}`);
    expect(metaOf(res.body, 'og:type')).toBe('profile');
    expect(metaOf(res.body, 'og:title')).toBe('priyaseller on Gator Market');
    expect(noindex(res.body)).toBe(false);
  });

  it('about and legal pages: named, and in the indexes', async () => {
    const html = (await fetchAsBot('/aboutTeam')).body;
    expect(titleOf(html)).toBe('About Us · Gator Market');
    expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/aboutTeam`);
    expect(noindex((await fetchAsBot('/terms-of-service')).body)).toBe(false);
  });
});

describe('pages kept out of search engines', () => {
  it('signed-in screens: the app shell with noindex, for visitors and the signed-in alike', async () => {
    const buyer = await signedInUser(ctx);
    for (const url of [
      '/OrderStatus',
      '/Chats',
      '/RealUserProfile',
      '/moderation',
      '/notifications',
      '/favorites',
      '/courierPage',
      '/vendorDeliveryRequest',
      '/reset-password',
      `/editListing/${lamp.listing_id}`,
    ]) {
      for (const who of [undefined, buyer]) {
        const res = await fetchAsBot(url, who);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain('<div id="root"></div>');
        expect(noindex(res.body), url).toBe(true);
      }
    }
  });

  it('the sign-in and register forms are rendered but noindex', async () => {
    for (const url of ['/login', '/register']) {
      const res = await fetchAsBot(url);
      expect(res.statusCode, url).toBe(200);
      expect(root(res.body), url).toContain('Password');
      expect(noindex(res.body), url).toBe(true);
    }
  });

  it('public pages a signed-in visitor opens (the app shell) are not noindex', async () => {
    for (const url of ['/', `/productListing/${lamp.listing_id}`]) {
      const res = await fetchAsBot(url, seller);
      expect(res.statusCode, url).toBe(200);
      expect(noindex(res.body), url).toBe(false);
    }
  });
});

describe('status codes', () => {
  it('an unknown address is 404 with the app’s not-found page', async () => {
    for (const url of ['/no-such-page', '/etc/passwd', '/productListing/3/extra', '/.env']) {
      const res = await fetchAsBot(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(root(res.body), url).toContain('Page not found');
      expect(titleOf(res.body), url).toBe('Page not found · Gator Market');
      expect(noindex(res.body), url).toBe(true);
      expect(metaOf(res.body, 'og:title'), url).toBeUndefined();
    }
    // Signed in: the app shell, which shows the same page, with the same status.
    const res = await fetchAsBot('/no-such-page', seller);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('HEAD says the same as GET', async () => {
    const head = (url: string) =>
      ctx.app.inject({ method: 'HEAD', url, headers: { accept: '*/*' } });
    expect((await head('/no-such-page')).statusCode).toBe(404);
    expect((await head('/productListing/999999')).statusCode).toBe(404);
    expect((await head(`/productListing/${lamp.listing_id}`)).statusCode).toBe(200);
  });

  it('a listing that does not exist, was deleted or is hidden is 404 with "No item Found"', async () => {
    const deleted = await listingOf(ctx, seller);
    expect((await as(ctx, seller).delete(`/api/listing/${deleted.listing_id}`)).statusCode).toBe(
      200,
    );
    const hidden = await listingOf(ctx, seller, { title: 'Hidden zebra lamp' });
    const hide = await as(ctx, moderator).put(`/api/moderation/listings/${hidden.listing_id}`, {
      hidden: true,
      reason: 'Not allowed on campus',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    for (const id of [
      '999999',
      'abc',
      '0',
      String(deleted.listing_id),
      String(hidden.listing_id),
    ]) {
      const res = await fetchAsBot(`/productListing/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(root(res.body), id).toContain('No item Found');
      expect(root(res.body), id).not.toContain('zebra');
      expect(noindex(res.body), id).toBe(true);
    }
    // Signed in, the page is the app shell, whose app asks the API: 404 for a stranger, the
    // listing with the reason for its seller and moderators.
    const stranger = await signedInUser(ctx);
    const api = (who: Actor) => as(ctx, who).get(`/api/listing/${hidden.listing_id}`);
    expect((await api(stranger)).statusCode).toBe(404);
    for (const who of [seller, moderator]) expect((await api(who)).statusCode).toBe(200);
    const shell = await fetchAsBot(`/productListing/${hidden.listing_id}`, stranger);
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root"></div>');
  });

  it('a missing person is 404 with "User not found"', async () => {
    for (const url of ['/userProfile?id=999999', '/userProfile', '/userProfile?id=x']) {
      const res = await fetchAsBot(url);
      expect(res.statusCode, url).toBe(404);
      expect(root(res.body), url).toContain('User not found');
    }
  });

  it('files and the API keep their JSON 404s', async () => {
    for (const url of ['/assets/missing-123.js', '/uploads/nothing.webp', '/api/nothing-here']) {
      const res = await fetchAsBot(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
  });
});

describe('dates in the campus’s time zone', () => {
  it('are written as on campus, whatever the server’s zone, and the page names the zone', async () => {
    // 05:00 UTC on 2 January is still 1 January in California.
    const late = await listingOf(ctx, seller, { listing_date: '2026-01-02T05:00:00.000Z' });
    for (const url of [`/productListing/${late.listing_id}`, '/OrderStatus']) {
      expect((await fetchAsBot(url)).body, url).toContain(
        '<html data-time-zone="America/Los_Angeles" lang="en">',
      );
    }
    expect(root((await fetchAsBot(`/productListing/${late.listing_id}`)).body)).toContain(
      'Posted <!-- -->1/1/2026',
    );
    const config = await as(ctx).get('/api/config');
    expect(config.json()).toMatchObject({ campusTimeZone: 'America/Los_Angeles' });
  });

  it('follow CAMPUS_TIME_ZONE', async () => {
    const tokyo = await createTestApp({
      env: { CLIENT_DIR: client.dir, CAMPUS_TIME_ZONE: 'Asia/Tokyo' },
    });
    try {
      const vendor = await signedInUser(tokyo);
      const late = await listingOf(tokyo, vendor, { listing_date: '2026-01-01T20:00:00.000Z' });
      const res = await as(tokyo).raw({
        method: 'GET',
        url: `/productListing/${late.listing_id}`,
        headers: { accept: 'text/html' },
      });
      expect(res.body).toContain('<html data-time-zone="Asia/Tokyo" lang="en">');
      // 20:00 UTC on 1 January is 2 January in Tokyo.
      expect(root(res.body)).toContain('Posted <!-- -->1/2/2026');
    } finally {
      await tokyo.close();
    }
  });
});
