import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from '#server/db/connect.js';
import { migrateToLatest } from '#server/db/migrate.js';
import { createSearchCache, searchEpochReader } from '#server/features/listings/search-cache.js';
import { searchEpoch } from '#server/features/listings/search-repository.js';

// The server's in-memory caches: bounded, least recently used first out, and never serving an
// answer older than the data it shows.
describe('search cache', () => {
  const setup = (maxBytes?: number) => {
    const state = { epoch: 1, clock: 0, computed: 0 };
    const cache = createSearchCache({
      readEpoch: async () => state.epoch,
      now: () => state.clock,
      maxAgeMs: 60_000,
      ...(maxBytes !== undefined && { maxBytes }),
    });
    const get = async (key: string) =>
      (
        await cache.get(key, async () => {
          state.computed++;
          return { key, n: state.computed };
        })
      ).toString();
    return { state, cache, get };
  };

  it('answers from memory until the epoch moves or the answer is a minute old', async () => {
    const { state, cache, get } = setup();
    expect(await get('/a')).toBe('{"key":"/a","n":1}');
    expect(await get('/a')).toBe('{"key":"/a","n":1}');
    expect((await cache.cached('/a'))?.toString()).toBe('{"key":"/a","n":1}');
    state.epoch = 2;
    expect(await cache.cached('/a')).toBeUndefined();
    expect(await get('/a')).toBe('{"key":"/a","n":2}');
    state.clock = 60_000;
    expect(await get('/a')).toBe('{"key":"/a","n":3}');
  });

  it('shares one computation between requests for the same answer', async () => {
    const { state, get } = setup();
    await Promise.all([get('/b'), get('/b'), get('/b')]);
    expect(state.computed).toBe(1);
  });

  it('stays within its bound in bytes', async () => {
    const { cache, get } = setup(2_000);
    for (let i = 0; i < 20; i++) await get(`/page/${i}`);
    const kept = [];
    for (let i = 0; i < 20; i++) if (await cache.cached(`/page/${i}`)) kept.push(i);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(20);
    expect(kept).toContain(19);
  });
});

describe('search epoch on SQLite', () => {
  it("sees this process's writes at once and another process's within a millisecond", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epoch-'));
    const file = path.join(dir, 'epoch.db');
    const database = connect(`sqlite:${file}`);
    const other = new SQLite(file);
    try {
      await migrateToLatest(database);
      let clock = 0;
      const read = searchEpochReader(database, () => clock);
      const first = await read();
      expect(await searchEpoch(database.db)).toBe(first);
      other.prepare('update search_epoch set n = n + 1 where id = 1').run();
      expect(await read()).toBe(first);
      clock += 1;
      expect(await read()).toBe(first + 1);
      await sql`update search_epoch set n = n + 1 where id = 1`.execute(database.db);
      expect(await read()).toBe(first + 2);
      expect(await searchEpoch(database.db)).toBe(first + 2);
    } finally {
      other.close();
      await database.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
