/**
 * Saves the whole campus area's map tiles on a courier's phone, so the delivery screen shows
 * the map where there is no signal. One save at a time for the whole app (it carries on while
 * the courier moves between screens); a few low-priority requests in parallel, so the screen
 * and the courier's own requests go first; an interrupted save resumes from the tiles it has.
 * Docs: docs/decisions/014-campus-map-offline.md.
 */
import { useSyncExternalStore } from 'react';
import { campusTiles, tileUrl } from '#shared/campus-area.js';
import type { MapTiles } from '#client/features/deliveries/map/map-tiles.js';
import {
  cacheStorageAvailable,
  clearCampusCache,
  openCampusCache,
  readReceipt,
  savedBytes,
  savedTiles,
  writeReceipt,
  type CampusMapReceipt,
} from './campus-map-cache';

type SaveProgress =
  | { kind: 'idle' }
  /** Tiles come from someone else's host that does not allow saving in advance. */
  | { kind: 'not-saved' }
  /** No Cache Storage here (an old browser, a page that is not a secure context). */
  | { kind: 'unsupported' }
  /** Data Saver is on: the save waits until the courier asks. */
  | { kind: 'data-saver'; total: number }
  | { kind: 'saving'; done: number; total: number }
  /** The network went away; the save goes on by itself when it is back. */
  | { kind: 'paused'; done: number; total: number }
  | { kind: 'saved'; receipt: CampusMapReceipt }
  | { kind: 'failed'; message: string };

/** Where saving the campus stands, for one version of the tiles. */
export type CampusMapState = SaveProgress & { version?: string };

/** Few enough that the courier's own requests are never queued behind the map. */
const PARALLEL = 3;
/** A tile is tried this many times, a little later each time, before the save pauses. */
const ATTEMPTS = 3;
const RETRY_MS = 1000;
/** A save paused while the phone still has a network tries again after this long. */
const RESUME_MS = 60_000;

const IDLE: CampusMapState = { kind: 'idle' };
let state: CampusMapState = IDLE;
let running: { version: string; stop: AbortController } | null = null;
const listeners = new Set<() => void>();

function setState(version: string, next: SaveProgress) {
  state = { ...next, version };
  for (const listener of listeners) listener();
}

/** The save of this version of the tiles (idle when none has started). */
export function useCampusMapState(version: string | undefined): CampusMapState {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => IDLE,
  );
  return current.version === version ? current : IDLE;
}

interface NetworkInformation {
  saveData?: boolean;
}

function dataSaverOn(): boolean {
  return (
    (navigator as Navigator & { connection?: NetworkInformation }).connection?.saveData === true
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One tile from the network, tried again a few times: campus Wi-Fi drops requests. */
async function fetchTile(url: string, signal: AbortSignal): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, {
        priority: 'low',
        signal,
        // Another host's tiles are asked for with CORS: an opaque answer would be unreadable
        // and count as megabytes against the phone's storage quota.
        mode: new URL(url).origin === location.origin ? 'same-origin' : 'cors',
        credentials: 'omit',
      });
    } catch (error) {
      if (signal.aborted || attempt >= ATTEMPTS || !navigator.onLine) throw error;
      await wait(RETRY_MS * attempt);
    }
  }
}

/** Goes on with a paused save when the network is back (or, with a network, a bit later). */
function resumeLater(map: MapTiles) {
  const resume = () => {
    window.removeEventListener('online', resume);
    clearTimeout(timer);
    // Unless another save (a newer map, "Save again") has taken its place meanwhile.
    if (state.kind === 'paused' && state.version === map.tiles.version) {
      void saveCampusMap(map, { asked: true });
    }
  };
  window.addEventListener('online', resume);
  const timer = setTimeout(resume, RESUME_MS);
}

export interface SaveOptions {
  /** The courier pressed a button: go ahead even with Data Saver on. */
  asked?: boolean;
  /** Throw away what is saved and save everything anew. */
  again?: boolean;
}

/**
 * Makes sure the campus is saved for `map`'s tiles: nothing to do when the current version is
 * already saved or being saved, otherwise saves (or resumes) it. Never throws.
 */
export async function saveCampusMap(map: MapTiles, options: SaveOptions = {}): Promise<void> {
  const { version } = map.tiles;
  if (!map.tiles.saveOffline) return setState(version, { kind: 'not-saved' });
  if (!cacheStorageAvailable()) return setState(version, { kind: 'unsupported' });
  if (running && running.version === version && !options.again) return;
  running?.stop.abort();
  const stop = new AbortController();
  running = { version, stop };
  try {
    await save(map, options, stop.signal);
  } catch (error) {
    if (!stop.signal.aborted) {
      setState(version, {
        kind: 'failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  } finally {
    if (running?.stop === stop) running = null;
  }
}

async function save(map: MapTiles, options: SaveOptions, signal: AbortSignal) {
  const { version } = map.tiles;
  // A save replaced by a newer one (another version, "Save again") says nothing more.
  const report = (next: SaveProgress) => {
    if (!signal.aborted) setState(version, next);
  };
  const urls = campusTiles(map.tiles).map((t) => new URL(tileUrl(map.url, t), location.href).href);
  let cache = await openCampusCache();
  const receipt = await readReceipt(cache);
  if (!options.again && receipt?.version === version) {
    return report({ kind: 'saved', receipt });
  }
  if (!options.asked && !options.again && dataSaverOn()) {
    return report({ kind: 'data-saver', total: urls.length });
  }
  if (options.again) cache = await clearCampusCache();

  const have = await savedTiles(cache, new Set(urls));
  const missing = urls.filter((url) => !have.has(url));
  let done = urls.length - missing.length;
  const total = urls.length;
  report({ kind: 'saving', done, total });
  // Asks the browser not to clear the saved map when the phone runs short of space.
  void navigator.storage?.persist?.().catch(() => false);

  let next = 0;
  let interrupted = !navigator.onLine;
  let storageError: unknown = null;
  const worker = async () => {
    while (!interrupted && storageError === null && !signal.aborted && next < missing.length) {
      const url = missing[next++]!;
      let response: Response;
      try {
        response = await fetchTile(url, signal);
      } catch {
        interrupted = true;
        return;
      }
      try {
        // A tile the archive lacks (404) is skipped: there is nothing to keep.
        if (response.ok) await cache.put(url, response);
      } catch (error) {
        storageError = error;
        return;
      }
      done++;
      report({ kind: 'saving', done, total });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (signal.aborted) return;
  if (storageError !== null) {
    const full = storageError instanceof DOMException && storageError.name === 'QuotaExceededError';
    return report({
      kind: 'failed',
      message: full ? 'the phone has no room left for it.' : String(storageError),
    });
  }
  if (interrupted) {
    report({ kind: 'paused', done, total });
    resumeLater(map);
    return;
  }

  const kept = await savedTiles(cache, new Set(urls));
  const finished: CampusMapReceipt = {
    version,
    tiles: kept.size,
    bytes: await savedBytes(cache, kept),
    savedAt: new Date().toISOString(),
  };
  await writeReceipt(cache, finished);
  report({ kind: 'saved', receipt: finished });
}
