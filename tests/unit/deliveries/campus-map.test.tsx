/**
 * Saving the campus map on a courier's phone, from the courier dashboard. Cache Storage is a
 * small in-memory stand-in here (jsdom has none); the real one, with the real service worker,
 * is exercised in tests/e2e/deliveries/map-offline.spec.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CourierPage } from '#client/features/deliveries/courier/courier-page.js';
import { campusTiles } from '#shared/campus-area.js';
import type { ClientConfig } from '#shared/schemas/config.js';
import { signIn } from '../support/data';
import { stubApi } from '../support/fetch-stub';
import { renderAt } from '../support/render';
import { DEFAULT_CAMPUS_TIME_ZONE } from '#shared/campus-time.js';

const CAMPUS_TILES = campusTiles({ minZoom: 15, maxZoom: 19, bounds: null }).length;
const TILE_BYTES = 2000;

class MemoryCache {
  readonly entries = new Map<string, { body: ArrayBuffer; init: ResponseInit }>();
  private key(request: RequestInfo | URL) {
    return new URL(request instanceof Request ? request.url : String(request), location.href).href;
  }
  async match(request: RequestInfo | URL) {
    const entry = this.entries.get(this.key(request));
    return entry && new Response(entry.body.slice(0), entry.init);
  }
  async put(request: RequestInfo | URL, response: Response) {
    const headers = Object.fromEntries(response.headers.entries());
    this.entries.set(this.key(request), {
      body: await response.arrayBuffer(),
      init: { status: response.status, headers },
    });
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(request: RequestInfo | URL) {
    return this.entries.delete(this.key(request));
  }
}

let storage: Map<string, MemoryCache>;
function installCacheStorage() {
  storage = new Map();
  vi.stubGlobal('caches', {
    open: async (name: string) => {
      if (!storage.has(name)) storage.set(name, new MemoryCache());
      return storage.get(name)!;
    },
    delete: async (name: string) => storage.delete(name),
  });
}
const campusCache = () => storage.get('campus-map');
const savedTileCount = () =>
  [...(campusCache()?.entries.keys() ?? [])].filter((u) => u.includes('/tiles/')).length;

let online = true;
beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true });
  installCacheStorage();
});
afterEach(() => {
  Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
});

function archiveConfig(version: string): ClientConfig {
  return {
    tileUrl: `/tiles/${version}/{z}/{x}/{y}.png`,
    tiles: {
      source: 'archive',
      version,
      attribution: 'OpenStreetMap',
      minZoom: 15,
      maxZoom: 19,
      bounds: null,
      saveOffline: true,
    },
    emailVerification: 'required',
  };
}

interface TileServer {
  requests: { url: string; init: RequestInit | undefined }[];
  maxInFlight: number;
  /** After this many tiles the network goes away (undefined: never). */
  failAfter?: number;
}

/** The dashboard's API, plus a tile server at /tiles/ that counts what it is asked. */
function stubServer(config: ClientConfig | null, server: TileServer) {
  const api = stubApi({
    'GET /api/delivery_instruction/courier/unassigned': [],
    'GET /api/delivery_instruction/courier/7': [],
    ...(config && { 'GET /api/config': () => config }),
  });
  const apiFetch = globalThis.fetch;
  let inFlight = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.includes('/tiles/')) return apiFetch(input, init);
    if (server.failAfter !== undefined && server.requests.length >= server.failAfter) {
      online = false;
      throw new TypeError('Failed to fetch');
    }
    server.requests.push({ url, init });
    inFlight++;
    server.maxInFlight = Math.max(server.maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight--;
    return new Response(new Uint8Array(TILE_BYTES), {
      headers: { 'content-type': 'image/png', 'content-length': String(TILE_BYTES) },
    });
  });
  return api;
}

const openDashboard = () => renderAt(<CourierPage />, { path: '/CourierPage' });
/** Today as the app writes it: on campus (CAMPUS_TIME_ZONE), not in this machine's zone. */
const today = () =>
  new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_CAMPUS_TIME_ZONE }).format(new Date());

describe('the campus map on a courier phone', () => {
  it('saves the whole campus area on opening the dashboard, a few low-priority requests at a time', async () => {
    signIn({ is_courier: 1, on_shift: 0 });
    const server: TileServer = { requests: [], maxInFlight: 0 };
    stubServer(archiveConfig('a1'), server);
    openDashboard();

    expect(await screen.findByText(/Saving campus map for offline… \d+ of \d+/)).toHaveTextContent(
      `of ${CAMPUS_TILES}`,
    );
    expect(
      await screen.findByText('Campus map saved for offline', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(
      screen.getByText(
        `${CAMPUS_TILES} tiles, ${Math.round((CAMPUS_TILES * TILE_BYTES) / 1000)} kB, saved ${today()}`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save again' })).toBeEnabled();

    expect(server.requests).toHaveLength(CAMPUS_TILES);
    expect(new Set(server.requests.map((r) => r.url)).size).toBe(CAMPUS_TILES);
    expect(server.requests.every((r) => r.init?.priority === 'low')).toBe(true);
    expect(server.maxInFlight).toBeGreaterThan(1);
    expect(server.maxInFlight).toBeLessThanOrEqual(3);
    expect(savedTileCount()).toBe(CAMPUS_TILES);
    // The buttons of the dashboard never waited for it.
    expect(screen.getByRole('button', { name: 'Available for Work' })).toBeEnabled();
  });

  it('resumes an interrupted save where it stopped, once the network is back', async () => {
    signIn({ is_courier: 1, on_shift: 1 });
    const server: TileServer = { requests: [], maxInFlight: 0, failAfter: 120 };
    stubServer(archiveConfig('b2'), server);
    openDashboard();

    expect(
      await screen.findByText(
        /Saving campus map for offline… \d+ of \d+\. It goes on when the network is back\./,
        {},
        // 120 tiles through fake-indexeddb and the stubbed network: seconds on a busy machine.
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    const saved = savedTileCount();
    expect(saved).toBeGreaterThanOrEqual(117);
    expect(saved).toBeLessThanOrEqual(120);

    server.failAfter = undefined;
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(
      await screen.findByText('Campus map saved for offline', {}, { timeout: 15_000 }),
    ).toBeVisible();
    // Each tile was fetched once: the second run asked only for the ones still missing.
    expect(new Set(server.requests.map((r) => r.url)).size).toBe(server.requests.length);
    expect(server.requests).toHaveLength(CAMPUS_TILES);
    expect(savedTileCount()).toBe(CAMPUS_TILES);
  });

  it('with Data Saver on, waits until the courier asks', async () => {
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true },
      configurable: true,
    });
    signIn({ is_courier: 1, on_shift: 0 });
    const server: TileServer = { requests: [], maxInFlight: 0 };
    stubServer(archiveConfig('c3'), server);
    const { user } = openDashboard();

    expect(
      await screen.findByText(
        `Data Saver is on, so the campus map (${CAMPUS_TILES} tiles) is not saved for offline yet.`,
      ),
    ).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save campus map' }));
    expect(
      await screen.findByText('Campus map saved for offline', {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(server.requests).toHaveLength(CAMPUS_TILES);
  });

  it('saves again when the archive changes, keeping only the new version, and on "Save again"', async () => {
    signIn({ is_courier: 1, on_shift: 0 });
    const first: TileServer = { requests: [], maxInFlight: 0 };
    stubServer(archiveConfig('d4'), first);
    const one = openDashboard();
    expect(
      await screen.findByText('Campus map saved for offline', {}, { timeout: 15_000 }),
    ).toBeVisible();
    one.unmount();

    // Opened again with the same archive: nothing to fetch.
    const again: TileServer = { requests: [], maxInFlight: 0 };
    stubServer(archiveConfig('d4'), again);
    const two = openDashboard();
    expect(await screen.findByText('Campus map saved for offline')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(again.requests).toHaveLength(0);
    two.unmount();

    const next: TileServer = { requests: [], maxInFlight: 0 };
    stubServer(archiveConfig('e5'), next);
    const { user } = openDashboard();
    await waitFor(() => expect(next.requests).toHaveLength(CAMPUS_TILES), { timeout: 15_000 });
    expect(
      await screen.findByText('Campus map saved for offline', {}, { timeout: 15_000 }),
    ).toBeVisible();
    const urls = [...campusCache()!.entries.keys()].filter((u) => u.includes('/tiles/'));
    expect(urls).toHaveLength(CAMPUS_TILES);
    expect(urls.every((u) => u.includes('/tiles/e5/'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save again' }));
    await waitFor(() => expect(next.requests).toHaveLength(2 * CAMPUS_TILES), { timeout: 15_000 });
    expect(
      await screen.findByText('Campus map saved for offline', {}, { timeout: 15_000 }),
    ).toBeVisible();
  });

  it("saves nothing from someone else's tile host, and says the map needs signal", async () => {
    signIn({ is_courier: 1, on_shift: 0 });
    const server: TileServer = { requests: [], maxInFlight: 0 };
    stubServer(
      {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        tiles: {
          source: 'host',
          version: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          attribution: 'OpenStreetMap',
          minZoom: 0,
          maxZoom: 19,
          bounds: null,
          saveOffline: false,
        },
        emailVerification: 'required',
      },
      server,
    );
    openDashboard();
    expect(
      await screen.findByText('The map needs signal where you have not seen it before.'),
    ).toBeVisible();
    expect(server.requests).toHaveLength(0);
    expect(campusCache()).toBeUndefined();
  });
});
