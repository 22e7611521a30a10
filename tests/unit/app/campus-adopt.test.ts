/**
 * The campus a browser uses (lib/campus-adopt.ts): the one its page from the server names,
 * remembered for the service worker's app shell; the default when nothing names another.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import berkeley from '#shared/campuses/berkeley.json' with { type: 'json' };
import sfsu from '#shared/campuses/sfsu.json' with { type: 'json' };
import { stubApi } from '../support/fetch-stub';

/** A fresh start of the app: modules evaluated anew, as on a page load. */
async function start() {
  vi.resetModules();
  const adopt = await import('#client/lib/campus-adopt.js');
  adopt.adoptPageCampus();
  const locations = await import('#shared/locations.js');
  const email = await import('#client/lib/campus.js');
  return { ...locations, ...email };
}

/** A page from the server: it names the time zone, and the campus when it is not the default. */
function serverPage(campus: unknown) {
  document.documentElement.setAttribute('data-time-zone', 'America/Los_Angeles');
  if (campus === undefined) return;
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'campus';
  script.textContent = typeof campus === 'string' ? campus : JSON.stringify(campus);
  document.head.append(script);
}

/** The app shell the service worker serves: it names nothing. */
function workerShell() {
  document.documentElement.removeAttribute('data-time-zone');
  document.getElementById('campus')?.remove();
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  workerShell();
  localStorage.clear();
});

describe('the campus a page starts with', () => {
  it('is the default campus, the specification’s, when nothing names another', async () => {
    serverPage(undefined);
    const { pickupLocations, dropoffLocations, campusEmailDomain } = await start();
    expect(pickupLocations()).toHaveLength(11);
    expect(dropoffLocations()).toEqual([
      'Cesar Chavez',
      'Student Services',
      'Library',
      'Hensill Hall',
      'The Village at Centennial Square',
      'Annex 1',
    ]);
    expect(campusEmailDomain()).toBe('sfsu.edu');
  });

  it('is the campus its page names, kept for the app shell that names none', async () => {
    serverPage(berkeley);
    let campus = await start();
    const dropoffs = berkeley.spots.filter((s) => s.dropoff).map((s) => s.name);
    expect(campus.dropoffLocations()).toEqual(dropoffs);
    expect(campus.locationCoords('Doe Library')).toEqual({ lat: 37.8721, lng: -122.2594 });
    expect(campus.campusCentre()).toEqual(berkeley.map.centre);
    expect(campus.isCampusEmail('oski@berkeley.edu')).toBe(true);
    expect(campus.isCampusEmail('gator@sfsu.edu')).toBe(false);

    // Offline, from the service worker: the same campus.
    workerShell();
    campus = await start();
    expect(campus.dropoffLocations()).toEqual(dropoffs);

    // A page from a server back on the default campus: the default, and nothing kept.
    serverPage(undefined);
    campus = await start();
    expect(campus.dropoffLocations()).toContain('Library');
    workerShell();
    campus = await start();
    expect(campus.dropoffLocations()).toContain('Library');
  });

  it('falls back to the default on a damaged saved copy', async () => {
    serverPage('{ "name": ');
    const campus = await start();
    expect(campus.pickupLocations()[0]).toBe('SFSU Bookstore');
  });
});

describe('an app started from the service worker', () => {
  it("learns from the server's config that the campus changed, for its next start", async () => {
    workerShell();
    stubApi({ 'GET /api/config': { campus: berkeley } });
    const { refreshSavedCampus } = await import('#client/lib/campus-refresh.js');
    await refreshSavedCampus(new QueryClient());
    let campus = await start();
    expect(campus.pickupLocations()[0]).toBe('Cal Student Store');

    // Back to the default: the saved copy goes.
    stubApi({ 'GET /api/config': { campus: sfsu } });
    const again = await import('#client/lib/campus-refresh.js');
    await again.refreshSavedCampus(new QueryClient());
    campus = await start();
    expect(campus.pickupLocations()[0]).toBe('SFSU Bookstore');
  });

  it('keeps its saved campus when the server cannot be reached', async () => {
    serverPage(berkeley);
    await start();
    workerShell();
    stubApi({});
    const { refreshSavedCampus } = await import('#client/lib/campus-refresh.js');
    await refreshSavedCampus(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    const campus = await start();
    expect(campus.pickupLocations()[0]).toBe('Cal Student Store');
  });
});
