import { useLiveEvents } from '#client/lib/live-events.js';
import { useSessionUser } from '#client/lib/session.js';

/**
 * The tab's one live-event stream, for whoever is signed in: mounted once above the router so
 * moving between pages (including the courier's full-screen map) keeps the same stream.
 */
export function LiveEvents() {
  useLiveEvents(useSessionUser()?.user_id ?? null);
  return null;
}
