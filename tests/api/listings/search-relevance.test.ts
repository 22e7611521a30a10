import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '#server/db/factories.js';
import type { Category } from '#shared/constants.js';
import type { SearchPage } from '#shared/schemas/listings.js';
import { as, createTestApp, signedInUser, type TestContext } from '../harness.js';

// The storefront search (GET /api/search) as students type it. This one table of queries and
// the results they must give runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL: both
// engines answer every query with the same listings in the same order.
let ctx: TestContext;
const DAY = 24 * 60 * 60 * 1000;

/** [title, category, description, price, days since listed] */
const CATALOGUE: [string, Category, string, number, number][] = [
  ['Organic chemistry textbook', 'Books', 'Clayden, 2nd edition. Some highlighting.', 45, 3],
  ['Calculus: Early Transcendentals', 'Books', 'Stewart, 8th edition, barely used.', 60, 5],
  ['IKEA desk lamp', 'Furniture', 'Bright LED bulb included. Great on a dorm desk.', 12, 1],
  ['Floor lamps (pair)', 'Furniture', 'Two tall ones, warm light.', 30, 6],
  ['Desk with drawers', 'Furniture', 'Solid wood, lamp not included.', 80, 2],
  ['Camp lantern', 'Other', 'Rechargeable, bright LEDs.', 18, 4],
  ['Mini fridge', 'Electronics', 'Perfect dorm fridge, 3.2 cubic feet.', 70, 7],
  ['Dorm fridge with freezer', 'Electronics', 'Cold and quiet.', 90, 8],
  ['Graphing calculator TI-84 Plus', 'Electronics', 'Works for every math class.', 55, 9],
  ['TI-83 calculator', 'Electronics', 'Older model, new batteries.', 25, 10],
  ['Rain jacket', 'Clothing', 'Size M, waterproof.', 35, 11],
  ['Denim jackets (2)', 'Clothing', 'Sizes S and L.', 40, 12],
  ['Chemistry lab goggles', 'Other', 'Required for CHEM 101.', 9, 13],
  ['String lights', 'Furniture', 'Warm white LEDs for your dorm room.', 8, 14],
  ['Bookshelf', 'Furniture', 'Five shelves, holds many books.', 50, 15],
];

beforeAll(async () => {
  ctx = await createTestApp();
  const seller = await signedInUser(ctx, { username: 'catalogue' });
  for (const [title, category, description, price, days] of CATALOGUE) {
    await createListing(ctx.database.db, {
      vendor_id: seller.user.user_id,
      title,
      category,
      description,
      price,
      listing_date: new Date(Date.now() - days * DAY).toISOString(),
    });
  }
});
afterAll(async () => ctx.close());

async function search(query: string): Promise<SearchPage> {
  const res = await as(ctx).get(`/api/search?${query}`);
  expect(res.statusCode, query).toBe(200);
  return res.json<SearchPage>();
}
const titles = (page: SearchPage) => page.items.map((l) => l.title);
const query = (title: string, extra = '') => `title=${encodeURIComponent(title)}${extra}`;

// Each row: what is typed, then every listing found, best first (whole words in the title,
// then whole words in the description or category, then typos and word starts; newest first
// within each).
const TABLE: [kind: string, typed: string, found: string[]][] = [
  ['typo', 'calculas', ['Calculus: Early Transcendentals']],
  ['typo', 'jaket', ['Rain jacket', 'Denim jackets (2)']],
  ['typo, swapped letters', 'clacuLUS', ['Calculus: Early Transcendentals']],
  [
    'two typos in a long word',
    'chemestyr',
    ['Organic chemistry textbook', 'Chemistry lab goggles'],
  ],
  ['plural of a title word', 'textbooks', ['Organic chemistry textbook']],
  [
    'plural: title, then description',
    'lamps',
    ['IKEA desk lamp', 'Floor lamps (pair)', 'Desk with drawers'],
  ],
  [
    'title, then description, then typo',
    'lamp',
    ['IKEA desk lamp', 'Floor lamps (pair)', 'Desk with drawers', 'Camp lantern'],
  ],
  ['typo and plural', 'jakets', ['Rain jacket', 'Denim jackets (2)']],
  [
    'swapped letters in a short word (lamp, and no further)',
    'lmap',
    ['IKEA desk lamp', 'Desk with drawers'],
  ],
  ['singular of a title word', 'jacket', ['Rain jacket', 'Denim jackets (2)']],
  ['other ending', 'battery', ['TI-83 calculator']],
  [
    'words across title and description',
    'dorm fridge',
    ['Dorm fridge with freezer', 'Mini fridge'],
  ],
  ['a description word', 'LED', ['IKEA desk lamp', 'Camp lantern', 'String lights']],
  ['a code joined', 'ti84', ['Graphing calculator TI-84 Plus']],
  ['a code as written', 'TI-84', ['Graphing calculator TI-84 Plus']],
  ['a code split', 'ti 84', ['Graphing calculator TI-84 Plus']],
  ['the start of a code', 'ti8', ['Graphing calculator TI-84 Plus', 'TI-83 calculator']],
  ['the start of the last word', 'chem', ['Chemistry lab goggles', 'Organic chemistry textbook']],
  ['the start after a whole word', 'organic chem', ['Organic chemistry textbook']],
  [
    'a category word',
    'books',
    ['Organic chemistry textbook', 'Calculus: Early Transcendentals', 'Bookshelf'],
  ],
  ['stop words left out', 'lamp for the dorm', ['IKEA desk lamp']],
  [
    'a possessive',
    "lamp's",
    ['IKEA desk lamp', 'Floor lamps (pair)', 'Desk with drawers', 'Camp lantern'],
  ],
  ['two title words', 'desk lamp', ['IKEA desk lamp', 'Desk with drawers']],
  ['nonsense', 'qwzxv', []],
  ['nonsense, long', 'xylophonic', []],
  ['digits are exact', 'ti85', []],
  ['punctuation only, found in titles', ':', ['Calculus: Early Transcendentals']],
];

describe('the shared table of queries', () => {
  it.each(TABLE)('%s: %s', async (_kind, typed, found) => {
    const page = await search(query(typed));
    expect(titles(page), typed).toEqual(found);
    expect(page.total, typed).toBe(found.length);
  });
});

describe('order, filters and paging', () => {
  it('sorts by price within each level of relevance', async () => {
    expect(titles(await search(query('lamp', '&priceSort=low-to-high')))).toEqual([
      'IKEA desk lamp',
      'Floor lamps (pair)',
      'Desk with drawers',
      'Camp lantern',
    ]);
    expect(titles(await search(query('lamp', '&priceSort=high-to-low')))).toEqual([
      'Floor lamps (pair)',
      'IKEA desk lamp',
      'Desk with drawers',
      'Camp lantern',
    ]);
  });

  it('applies the category and the other filters to every level', async () => {
    expect(titles(await search(query('lamps', '&category=Furniture')))).toEqual([
      'IKEA desk lamp',
      'Floor lamps (pair)',
      'Desk with drawers',
    ]);
    expect(titles(await search(query('lamps', '&datePosted=7d&minDiscount=10')))).toEqual([]);
  });

  it('pages through the ranked results with the total', async () => {
    const all = titles(await search(query('lamp')));
    const seen: string[] = [];
    for (let offset = 0; offset < all.length; offset += 3) {
      const page = await search(query('lamp', `&limit=3&offset=${offset}`));
      expect(page).toMatchObject({ total: all.length, limit: 3, offset });
      seen.push(...titles(page));
    }
    expect(seen).toEqual(all);
  });

  it('leaves sold and deleted listings out', async () => {
    const seller = await signedInUser(ctx);
    for (const listing_status of ['Sold', 'Deleted'] as const) {
      await createListing(ctx.database.db, {
        vendor_id: seller.user.user_id,
        title: `Kettle ${listing_status}`,
        listing_status,
      });
    }
    expect((await search(query('kettle'))).total).toBe(0);
  });
});

describe('did you mean', () => {
  it.each([
    ['calclas', 'calculus'],
    ['desk lmp', 'desk lamp'],
    ['rain jkcet', 'rain jacket'],
  ])('suggests the closest listing words when nothing matches: %s', async (typed, suggested) => {
    const page = await search(query(typed));
    expect(page).toMatchObject({ items: [], total: 0, suggestion: suggested });
    expect((await search(query(suggested))).total).toBeGreaterThan(0);
  });

  it('suggests nothing for nonsense, nor when results exist', async () => {
    expect(await search(query('qwzxv'))).not.toHaveProperty('suggestion');
    expect(await search(query('calculas'))).not.toHaveProperty('suggestion');
  });

  it('suggests only what the filters would show', async () => {
    expect(await search(query('calclas', '&category=Furniture'))).not.toHaveProperty('suggestion');
  });
});

describe("the spec's calls keep their meaning", () => {
  it('match title text only, newest first', async () => {
    const found = (url: string) =>
      as(ctx)
        .get(url)
        .then((r) => r.json<{ title: string }[]>().map((l) => l.title));
    expect(await found('/api/title?title=lamps')).toEqual(['Floor lamps (pair)']);
    expect(await found('/api/title?title=calculas')).toEqual([]);
    expect(await found('/api/title?title=ti84')).toEqual([]);
    expect(await found('/api/title?title=amp')).toEqual([
      'IKEA desk lamp',
      'Camp lantern',
      'Floor lamps (pair)',
    ]);
    expect(await found('/api/combined?category=Furniture&title=lamp')).toEqual([
      'IKEA desk lamp',
      'Floor lamps (pair)',
    ]);
  });
});

describe('the vocabulary', () => {
  const TRICKY = 'Café crème — 50€ TI-84 x\u00a0y ÉCOLE it’s snake_case a\u0001b';

  /** The words the search index holds for all products, as the engine itself splits them. */
  async function indexed(): Promise<Map<string, number>> {
    const db = ctx.database.db;
    const { rows } =
      ctx.database.dialect === 'sqlite'
        ? await sql<{ term: string; docs: number }>`
            select term, doc as docs from products_text_vocabulary
            where length(term) <= 64`.execute(db)
        : await sql<{ term: string; docs: number }>`
            select word as term, count(*)::int as docs
            from products, unnest(tsvector_to_array(search_vector)) as word group by word`.execute(
            db,
          );
    return new Map(rows.map((r) => [r.term, Number(r.docs)]));
  }
  async function vocabulary(): Promise<Map<string, number>> {
    const rows = await ctx.database.db
      .selectFrom('search_terms')
      .select(['term', 'docs'])
      .execute();
    return new Map(rows.map((r) => [r.term, Number(r.docs)]));
  }

  it('holds the words the index holds, with the products using each, through every change', async () => {
    if (ctx.database.dialect === 'sqlite') {
      await sql`create virtual table temp.products_text_vocabulary
        using fts5vocab(main, products_text, row)`.execute(ctx.database.db);
    }
    const seller = await signedInUser(ctx);
    const { product_id } = await createListing(ctx.database.db, {
      vendor_id: seller.user.user_id,
      title: TRICKY,
      description: `${'z'.repeat(70)} lamp LAMP lamp`,
    });
    expect(await vocabulary()).toEqual(await indexed());
    expect((await vocabulary()).get('lamp')).toBe(3);

    await ctx.database.db
      .updateTable('products')
      .set({ title: 'Quokka plush', description: 'Soft.' })
      .where('product_id', '=', product_id)
      .execute();
    expect(await vocabulary()).toEqual(await indexed());
    expect((await vocabulary()).has('café')).toBe(false);
    expect((await vocabulary()).get('lamp')).toBe(2);
    expect((await search(query('quokka'))).total).toBe(1);
    expect((await search(query('café'))).total).toBe(0);

    await ctx.database.db.deleteFrom('listings').where('product_id', '=', product_id).execute();
    await ctx.database.db.deleteFrom('products').where('product_id', '=', product_id).execute();
    expect(await vocabulary()).toEqual(await indexed());
    expect((await vocabulary()).has('quokka')).toBe(false);
  });

  it('stays right under concurrent listing writes, in either order of tables', async () => {
    const seller = await signedInUser(ctx);
    const db = ctx.database.db;
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createListing(db, { vendor_id: seller.user.user_id, title: `Walnut tray ${i}` }),
      ),
    );
    // New listings (product, then listing) race edits that touch the listing first, then the
    // product, as a seller's edit does, all over the same words.
    await Promise.all([
      ...made.map(({ listing_id, product_id }, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('listings')
            .set({ price_cents: 500 + i })
            .where('listing_id', '=', listing_id)
            .execute();
          await trx
            .updateTable('products')
            .set({ title: `Walnut serving tray ${i}` })
            .where('product_id', '=', product_id)
            .execute();
        }),
      ),
      ...Array.from({ length: 6 }, (_, i) =>
        db.transaction().execute((trx) =>
          createListing(trx, {
            vendor_id: seller.user.user_id,
            title: `Walnut serving bowl ${i}`,
          }),
        ),
      ),
    ]);
    expect(await vocabulary()).toEqual(await indexed());
    expect((await vocabulary()).get('walnut')).toBe(12);
    expect((await search(query('walnut serving'))).total).toBe(12);
  });

  it('finds words the way the index splits them, in any letter case', async () => {
    const seller = await signedInUser(ctx);
    await createListing(ctx.database.db, { vendor_id: seller.user.user_id, title: TRICKY });
    for (const typed of ['CAFÉ CRÈME', '50€', 'snake case', 'école', "it's x\u00a0y"]) {
      expect(titles(await search(query(typed))), typed).toEqual([TRICKY]);
    }
  });
});
