import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Category } from '#shared/constants.js';
import { connect, type Connection } from '#server/db/connect.js';
import { createListing } from '#server/db/factories.js';
import { migrateToLatest, migratorFor } from '#server/db/migrate.js';
import { searchPageOf } from '#server/features/listings/search-repository.js';
import { freshDatabase } from '../../fixtures/postgres.js';
import { oldUser } from '../data.js';

// A database from before storefront search by words: the migration builds the index and the
// vocabulary from the products already there, and triggers keep them from then on.
let database: Connection;
let drop: () => Promise<void>;

beforeAll(async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-migration-'));
  const base = process.env.TEST_DATABASE_URL;
  const fresh = base
    ? await freshDatabase(base)
    : { url: `sqlite:${path.join(tmp, 'test.db')}`, drop: async () => {} };
  database = connect(fresh.url);
  drop = async () => {
    await database.destroy();
    await fresh.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
});
afterAll(async () => drop());

const found = async (title: string) =>
  (await searchPageOf(database.db, { title }, database.dialect)).items.map((l) => l.title);

it('builds the search words of the products stored before it', async () => {
  const migrator = migratorFor(database);
  const names = (await migrator.getMigrations()).map((m) => m.name);
  const before = names[names.indexOf('2026-12-03-search-words') - 1]!;
  const stepped = await migrator.migrateTo(before);
  expect(stepped.error).toBeUndefined();

  const seller = await oldUser(database.db, 'old_seller');
  const listing = (title: string, description: string, category: Category) =>
    createListing(database.db, { vendor_id: seller.user_id, title, description, category });
  await listing('Graphing calculator TI-84 Plus', 'Works for every math class.', 'Electronics');
  await listing('IKEA desk lamp', 'Bright LED bulb, great for dorm life.', 'Furniture');

  await migrateToLatest(database);
  const words = await database.db
    .selectFrom('search_terms')
    .select(['term', 'docs'])
    .orderBy('term')
    .execute();
  expect(words.map((w) => [w.term, Number(w.docs)])).toEqual(
    [
      ...['84', 'bright', 'bulb', 'calculator', 'class', 'desk', 'dorm', 'electronics', 'every'],
      ...['for', 'furniture', 'graphing', 'great', 'ikea', 'lamp', 'led', 'life', 'math', 'plus'],
      ...['ti', 'works'],
    ]
      .sort()
      .map((w) => [w, w === 'for' ? 2 : 1]),
  );
  expect(await found('calculater ti84')).toEqual(['Graphing calculator TI-84 Plus']);
  expect(await found('lamps')).toEqual(['IKEA desk lamp']);

  await listing('Floor lamp', 'Tall.', 'Furniture');
  expect(await found('lamps')).toEqual(['Floor lamp', 'IKEA desk lamp']);
});
