/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerNotifications } from './notifications';
import { registerOutboxSync } from './outbox-sync';
import { registerRuntimeCaches } from './runtime-caches';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null } | string>;
};

const entryUrl = (entry: { url: string } | string) =>
  typeof entry === 'string' ? entry : entry.url;

// The app shell: every built file except the store screenshots (only install dialogs use them).
precacheAndRoute(self.__WB_MANIFEST.filter((entry) => !entryUrl(entry).startsWith('screenshots/')));
cleanupOutdatedCaches();

// Every client route opens from the precached shell; the API, uploads, tiles and the
// server's own pages (the built-in mailbox) are left alone.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/uploads\//, /^\/tiles\//, /^\/mailbox(?:[/.?]|$)/],
  }),
);

registerRuntimeCaches(self);
registerOutboxSync(self);
registerNotifications(self);

// The first install takes the open page at once; an update waits until the user says Reload.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
