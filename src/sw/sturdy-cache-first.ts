/// <reference lib="webworker" />
import { Strategy, type StrategyHandler } from 'workbox-strategies';

/**
 * The response once its body has arrived whole in the worker (read through a copy, so it keeps
 * its own address and type), or a rejection if it cannot (a download cut halfway, a cache entry
 * gone). A body handed to the page still streaming can fail after the worker has answered, and
 * then nothing can fall back any more: the page gets a broken picture, and Firefox reports that
 * the service worker "encountered an unexpected error". Opaque responses (another origin's
 * tiles) cannot be read and pass as they are.
 */
export async function whole(response: Response): Promise<Response> {
  if (response.type === 'opaque' || response.body === null) return response;
  await response.clone().arrayBuffer();
  return response;
}

/**
 * Cache first, as workbox's CacheFirst, but nothing that happens to the cache can fail the page:
 * a cache that cannot be opened or read, an entry whose body is gone (caches cleared meanwhile),
 * or an expiry record that cannot be kept means a trip to the network; a copy that cannot be
 * stored is simply not kept. Only the network's own failure (or a download not finished in
 * time) is an error, which the route's `handlerDidError` plugin answers with its placeholder.
 */
export class SturdyCacheFirst extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const cached = await handler
      .cacheMatch(request)
      .then((found) => (found ? whole(found) : undefined))
      .catch(() => undefined);
    if (cached) return cached;
    const response = await whole(await handler.fetch(request));
    void handler.waitUntil(handler.cachePut(request, response.clone()).catch(() => false));
    return response;
  }
}
