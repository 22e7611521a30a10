import type { CampusFile } from '#shared/campus-file.js';
import { adoptCampusFile, CAMPUS_ELEMENT_ID } from '#shared/campus-state.js';
import { TIME_ZONE_ATTRIBUTE } from '#shared/campus-time.js';

/** Where the campus a page from the server named is kept for the service worker's app shell. */
export const SAVED_CAMPUS = 'campus-file';

/** Whether this page came from the server (which names the campus) rather than the worker. */
export function pageFromServer(): boolean {
  return document.documentElement.hasAttribute(TIME_ZONE_ATTRIBUTE);
}

/**
 * Before anything renders: the campus this page is on. A page from the server carries the
 * campus file when it is not the default the app is built with, and it is remembered; the app
 * shell the service worker serves names none, and the remembered one holds (a campus saved by
 * the last page from the server, refreshed from GET /api/config: campus-refresh.ts).
 */
export function adoptPageCampus(): void {
  let text: string | null = null;
  try {
    if (pageFromServer()) {
      text = document.getElementById(CAMPUS_ELEMENT_ID)?.textContent || null;
      if (text) localStorage.setItem(SAVED_CAMPUS, text);
      else localStorage.removeItem(SAVED_CAMPUS);
    } else {
      text = localStorage.getItem(SAVED_CAMPUS);
    }
  } catch {
    // Storage refused (a private window's quota): the page's campus or the default holds.
  }
  if (!text) return;
  try {
    adoptCampusFile(JSON.parse(text) as CampusFile);
  } catch {
    // A damaged copy: the default campus, until the next page from the server.
  }
}
