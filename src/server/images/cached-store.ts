import { LRUCache } from 'lru-cache';
import type { ImageStore, StoredImage } from './image-store.js';

/**
 * Reads of a store kept in memory, least recently used first out. Safe on every instance: a
 * name never changes its bytes, so a copy can never be stale. Misses are not remembered, as
 * another instance may store the picture a moment later.
 */
export function cachedImageStore(store: ImageStore, maxBytes = 32 * 1024 * 1024): ImageStore {
  const kept = new LRUCache<string, StoredImage>({
    maxSize: maxBytes,
    sizeCalculation: (image) => image.bytes.length + 200,
  });
  return {
    put: store.put,
    has: async (name) => kept.has(name) || store.has(name),
    async get(name) {
      const hit = kept.get(name);
      if (hit) return hit;
      const image = await store.get(name);
      if (image) kept.set(name, image);
      return image;
    },
  };
}
