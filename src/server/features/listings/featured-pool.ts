/**
 * Featured listings ("up to 8 random items", spec) from a pool of random active listings kept
 * as JSON text: each answer draws distinct listings from the pool at random, so it costs no
 * query. The pool is drawn again from the whole table when the search epoch moves (any change
 * to listings, products or a seller's name or rating: a sold or deleted listing is never shown)
 * and at least every `maxAgeMs`, so every active listing keeps its chance to be featured.
 */
export interface FeaturedPool {
  /** JSON text of an array of up to `count` distinct random active listings. */
  take: (count: number) => Promise<string>;
}

export interface FeaturedPoolOptions {
  readEpoch: () => Promise<number>;
  /** Up to `size` random active listings, serialized one by one. */
  load: (size: number) => Promise<string[]>;
  size?: number;
  maxAgeMs?: number;
  now?: () => number;
  random?: () => number;
}

interface Pool {
  items: string[];
  epoch: number;
  at: number;
}

export function createFeaturedPool({
  readEpoch,
  load,
  size = 128,
  maxAgeMs = 1_000,
  now = Date.now,
  random = Math.random,
}: FeaturedPoolOptions): FeaturedPool {
  let pool: Pool | undefined;
  let pending: { epoch: number; promise: Promise<Pool> } | undefined;

  const current = async (): Promise<Pool> => {
    const epoch = await readEpoch();
    if (pool && pool.epoch === epoch && now() - pool.at < maxAgeMs) return pool;
    // Requests arriving while the pool is drawn share the one draw.
    if (pending?.epoch !== epoch) {
      const at = now();
      const promise = load(size).then((items) => ({ items, epoch, at }));
      pending = { epoch, promise };
      void promise
        .then((drawn) => {
          if (!pool || pool.at <= drawn.at) pool = drawn;
        })
        .catch(() => {})
        .finally(() => {
          if (pending?.promise === promise) pending = undefined;
        });
    }
    return pending.promise;
  };

  return {
    async take(count) {
      const { items } = await current();
      const n = Math.min(count, items.length);
      // Partial Fisher-Yates over the pool's indexes: n distinct picks, uniformly at random.
      const order = Array.from({ length: items.length }, (_, i) => i);
      const picked: string[] = [];
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(random() * (order.length - i));
        [order[i], order[j]] = [order[j]!, order[i]!];
        picked.push(items[order[i]!]!);
      }
      return `[${picked.join(',')}]`;
    },
  };
}
