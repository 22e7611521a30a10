/**
 * Another campus without touching the code: CAMPUS_FILE names a campus file, and its e-mail
 * domain, spots and map are the ones the API checks and hands out. A broken file stops the start
 * with a message that names the field.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import berkeley from '#shared/campuses/berkeley.json' with { type: 'json' };
import { loadConfig } from '#server/config.js';
import { API } from '#shared/api-paths.js';
import { parties, registration } from '../data.js';
import { as, createTestApp } from '../harness.js';

const BERKELEY_FILE = path.resolve('src/shared/campuses/berkeley.json');
const ctx = await createTestApp({ env: { CAMPUS_FILE: BERKELEY_FILE } });
afterAll(() => ctx.close());

const BERKELEY_DROPOFFS = berkeley.spots.filter((s) => s.dropoff).map((s) => s.name);
const BERKELEY_PICKUPS = berkeley.spots.filter((s) => s.pickup).map((s) => s.name);

describe('a campus file (CAMPUS_FILE)', () => {
  it('is handed to every client with the config', async () => {
    const res = await as(ctx).get(API.config);
    expect(res.statusCode).toBe(200);
    expect(res.json().campus).toEqual(berkeley);
  });

  it("sets the e-mail addresses that may register: the campus's, not the default's", async () => {
    const fromBerkeley = registration('oskibear');
    const res = await as(ctx).post(API.register, {
      ...fromBerkeley,
      sfsu_email: 'oskibear@berkeley.edu',
    });
    expect(res.statusCode, res.body).toBe(201);
    const fromSfsu = await as(ctx).post(API.register, registration('gator'));
    expect(fromSfsu.statusCode).toBe(400);
    expect(fromSfsu.json().message).toBe(
      'Please register with your campus e-mail (@berkeley.edu).',
    );
  });

  it("takes the campus's spots for drop-off and pickup, and refuses the default campus's", async () => {
    const p = await parties(ctx);
    const ask = (dropoff: string) =>
      as(ctx, p.buyer).post('/api/delivery_request', {
        buyer_id: p.buyer.user.user_id,
        vendor_id: p.vendor.user.user_id,
        listing_id: p.listing_id,
        dropoff,
      });
    const library = await ask('Library');
    expect(library.statusCode).toBe(400);
    expect(library.json().message).toBe(
      `dropoff: Dropoff must be one of: ${BERKELEY_DROPOFFS.join(', ')}`,
    );
    const doe = await ask('Doe Library');
    expect(doe.statusCode, doe.body).toBe(201);
    expect(doe.json()).toMatchObject({ dropoff: 'Doe Library' });

    const accept = (pickup: string) =>
      as(ctx, p.vendor).post(
        `/api/delivery_instruction/request/accept/${doe.json().delivery_request_id}`,
        { pickup, vendor_special_request: '' },
      );
    const bookstore = await accept('SFSU Bookstore');
    expect(bookstore.statusCode).toBe(400);
    expect(bookstore.json().message).toBe(
      `pickup: Pickup must be one of: ${BERKELEY_PICKUPS.join(', ')}`,
    );
    const store = await accept('Cal Student Store');
    expect(store.statusCode, store.body).toBe(201);
    expect(store.json()).toMatchObject({ pickup: 'Cal Student Store', dropoff: 'Doe Library' });
  });
});

describe('a campus file that is wrong', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-file-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const configWith = (content: string) => {
    const file = path.join(dir, `campus-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, content);
    return () => loadConfig({ CAMPUS_FILE: file, DATA_DIR: dir });
  };

  it('stops the start with every wrong field named', () => {
    const broken = {
      ...berkeley,
      emailDomains: ['Berkeley.EDU'],
      spots: [
        { ...berkeley.spots[0], lat: 95 },
        berkeley.spots[1],
        { ...berkeley.spots[2], name: berkeley.spots[1]!.name },
      ],
    };
    const start = configWith(JSON.stringify(broken));
    expect(start).toThrow(/CAMPUS_FILE: .* is not a campus file/);
    expect(start).toThrow(/emailDomains\.0: a lower-case domain such as sfsu\.edu/);
    expect(start).toThrow(/spots\.0\.lat: Too big/);
    expect(start).toThrow(/spots\.2\.name: "FSM Cafe" names two spots/);
  });

  it('says so when there is no spot to drop off at, or the file is no JSON or not there', () => {
    const noDropoff = { ...berkeley, spots: berkeley.spots.map((s) => ({ ...s, dropoff: false })) };
    expect(configWith(JSON.stringify(noDropoff))).toThrow(/spots: no spot is a drop-off choice/);
    expect(configWith('{ "name": ')).toThrow(/is not JSON/);
    expect(() => loadConfig({ CAMPUS_FILE: path.join(dir, 'none.json') })).toThrow(
      /CAMPUS_FILE: .*none\.json cannot be read \(ENOENT\)/,
    );
  });
});
