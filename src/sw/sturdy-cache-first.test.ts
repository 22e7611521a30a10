// @vitest-environment node
/**
 * The listing pictures' route of the service worker (runtime-caches.ts), run on Node with a
 * Cache Storage that can fail on demand: whatever happens to the cache or to a download, the
 * page gets the picture or the offline placeholder, whole, and the worker's own work settles
 * without an error.
 */
import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_IMAGE } from './offline-image';
import { listingImages, RUNTIME_CACHES } from './runtime-caches';

// The worker's global scope, before workbox loads (its logger reads `self`), logs silenced.
vi.hoisted(() =>
  Object.assign(globalThis, {
    self: globalThis,
    location: new URL('https://campus.test/sw.js'),
    __WB_DISABLE_DEV_LOGS: true,
  }),
);

class FakeExtendableEvent extends Event {
  readonly lifetime: Promise<unknown>[] = [];
  waitUntil(promise: Promise<unknown>) {
    this.lifetime.push(Promise.resolve(promise));
  }
}

class FakeFetchEvent extends FakeExtendableEvent {
  constructor(readonly request: Request) {
    super('fetch');
  }
}

/** What the fake Cache Storage does wrong. */
interface Faults {
  open?: boolean;
  read?: boolean;
  write?: boolean;
}

const key = (request: RequestInfo | URL) =>
  typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;

function fakeCaches(faults: Faults) {
  const stores = new Map<string, Map<string, Response>>();
  const broken = () => new DOMException('The cache is gone', 'InvalidStateError');
  const cache = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return {
      async match(request: RequestInfo | URL) {
        if (faults.read) throw broken();
        return entries.get(key(request))?.clone();
      },
      async put(request: RequestInfo | URL, response: Response) {
        if (faults.write) throw broken();
        entries.set(key(request), response);
      },
      async delete(request: RequestInfo | URL) {
        return entries.delete(key(request));
      },
      async keys() {
        return [...entries.keys()].map((url) => new Request(url));
      },
    };
  };
  return {
    stores,
    storage: {
      async open(name: string) {
        if (faults.open) throw broken();
        return cache(name);
      },
      async match(request: RequestInfo | URL, options?: { cacheName?: string }) {
        if (faults.open) throw broken();
        return cache(options?.cacheName ?? '').match(request);
      },
      async delete(name: string) {
        return stores.delete(name);
      },
      async has(name: string) {
        return stores.has(name);
      },
      async keys() {
        return [...stores.keys()];
      },
    },
  };
}

const PICTURE = 'https://campus.test/uploads/0a1b2c-sm.webp';
const BYTES = new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]);

/** A body that sends its first bytes, then breaks: a download cut halfway. */
const cutBody = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(BYTES.slice(0, 4));
      controller.error(new TypeError('network error'));
    },
  });

let faults: Faults;
let fakes: ReturnType<typeof fakeCaches>;
let network: (request: Request) => Promise<Response>;
const fetches: string[] = [];

// For the whole file: what the worker started in the background may outlive its test.
beforeAll(() => {
  vi.stubGlobal('ExtendableEvent', FakeExtendableEvent);
  vi.stubGlobal('FetchEvent', FakeFetchEvent);
  vi.stubGlobal('caches', {
    open: (name: string) => fakes.storage.open(name),
    match: (request: RequestInfo | URL, options?: { cacheName?: string }) =>
      fakes.storage.match(request, options),
    delete: (name: string) => fakes.storage.delete(name),
    has: (name: string) => fakes.storage.has(name),
    keys: () => fakes.storage.keys(),
  });
  vi.stubGlobal('fetch', async (request: Request) => {
    fetches.push(request.url);
    return network(request);
  });
});
beforeEach(() => {
  faults = {};
  fakes = fakeCaches(faults);
  network = async () => new Response(BYTES, { headers: { 'content-type': 'image/webp' } });
  fetches.length = 0;
});

/** The route's strategy, one for the worker's life as in the worker. */
const images = listingImages();

/** The page's request for the picture: what it gets, read whole, once the worker is done. */
async function load(url = PICTURE) {
  const request = new Request(url);
  const event = new FakeFetchEvent(request);
  const [answer, done] = images.handleAll({ event, request });
  const response = await answer;
  const body = new Uint8Array(await response.arrayBuffer());
  await done;
  const lifetime = await Promise.allSettled(event.lifetime);
  return {
    type: response.headers.get('content-type'),
    body,
    text: new TextDecoder().decode(body),
    rejected: lifetime.filter((p) => p.status === 'rejected'),
  };
}

const stored = () => fakes.stores.get(RUNTIME_CACHES.images)?.has(PICTURE) ?? false;

describe("the service worker's listing pictures", () => {
  it('come from the network the first time, kept for the next, then from the cache', async () => {
    const first = await load();
    expect(first.body).toEqual(BYTES);
    expect(stored()).toBe(true);
    network = async () => Promise.reject(new TypeError('offline'));
    const again = await load();
    expect(again.body).toEqual(BYTES);
    expect(fetches).toHaveLength(1);
  });

  it('offline and never seen: the placeholder', async () => {
    network = async () => Promise.reject(new TypeError('offline'));
    const shown = await load();
    expect(shown.type).toBe('image/svg+xml');
    expect(shown.text).toBe(OFFLINE_IMAGE);
    expect(shown.rejected).toEqual([]);
  });

  it('a download cut halfway: the placeholder, whole, not a broken picture', async () => {
    network = async () => new Response(cutBody(), { headers: { 'content-type': 'image/webp' } });
    const shown = await load();
    expect(shown.type).toBe('image/svg+xml');
    expect(shown.text).toBe(OFFLINE_IMAGE);
    expect(stored()).toBe(false);
    expect(shown.rejected).toEqual([]);
  });

  it('a cache that cannot be opened: the picture from the network', async () => {
    faults.open = true;
    const shown = await load();
    expect(shown.body).toEqual(BYTES);
    expect(shown.rejected).toEqual([]);
  });

  it('a cache that cannot be read: the picture from the network', async () => {
    await load();
    faults.read = true;
    const shown = await load();
    expect(shown.body).toEqual(BYTES);
    expect(fetches).toHaveLength(2);
    expect(shown.rejected).toEqual([]);
  });

  it('a kept copy whose bytes are gone: the picture from the network', async () => {
    fakes.stores.set(
      RUNTIME_CACHES.images,
      new Map([[PICTURE, new Response(cutBody(), { headers: { 'content-type': 'image/webp' } })]]),
    );
    const shown = await load();
    expect(shown.body).toEqual(BYTES);
    expect(fetches).toEqual([PICTURE]);
    expect(shown.rejected).toEqual([]);
  });

  it('a copy that cannot be kept: the picture all the same, and the worker settles quietly', async () => {
    faults.write = true;
    const shown = await load();
    expect(shown.body).toEqual(BYTES);
    expect(stored()).toBe(false);
    expect(shown.rejected).toEqual([]);
  });

  it('its cache deleted meanwhile (the browser clearing space): the picture', async () => {
    await load();
    await fakes.storage.delete(RUNTIME_CACHES.images);
    const shown = await load();
    expect(shown.body).toEqual(BYTES);
    expect(shown.rejected).toEqual([]);
  });
});
