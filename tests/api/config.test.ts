import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api-paths.js';
import { as, createTestApp, type TestContext } from './harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png' } });
});
afterAll(async () => ctx.close());

describe('GET /api/config', () => {
  it('tells any visitor where the map tiles come from', async () => {
    const res = await as(ctx).get(API.config);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' });
  });
});
