/// <reference lib="webworker" />
import { readPushPayload, type PushPayload } from '#shared/notification-kinds.js';
import { API } from '#shared/api-paths.js';
import { READ_DEADLINE_MS, WRITE_DEADLINE_MS } from '#shared/deadlines.js';
import { SCREENS } from '#shared/screens.js';

/** A push whose payload could not be read still tells the person something happened. */
const FALLBACK: PushPayload = {
  title: 'Gator Market',
  body: 'Something happened on Gator Market. Open the app to see what.',
  url: SCREENS.notifications,
  tag: 'gator-market',
};

function payloadOf(event: PushEvent): PushPayload {
  try {
    return readPushPayload(event.data?.json()) ?? FALLBACK;
  } catch {
    return FALLBACK;
  }
}

/**
 * Opens the screen a notification is about: a window already showing it comes to the front;
 * otherwise one of ours (the app, even in the background) goes there; with none open, a new
 * one opens. `focus` and `openWindow` are allowed only while the person's tap is handled.
 */
async function openScreen(scope: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const showing = windows.find((w) => w.url === url);
  if (showing) {
    await showing.focus().catch(() => undefined);
    return;
  }
  const ours = windows.find((w) => w.focused) ?? windows[0];
  if (ours) {
    await ours.focus().catch(() => undefined);
    // A page this worker does not control cannot be moved: a new window opens instead.
    const moved = await ours.navigate(url).catch(() => null);
    if (moved) return;
  }
  await scope.clients.openWindow(url);
}

/**
 * Web Push (docs/decisions/026-notifications.md): each push message is shown as a notification
 * with the app's icon, a badge for the status bar and a tag (one per order or conversation, so
 * a newer one replaces the older); a tap opens the screen it is about.
 */
export function registerNotifications(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    const payload = payloadOf(event);
    event.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        tag: payload.tag,
        data: { url: payload.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = (event.notification.data as { url?: unknown } | null)?.url;
    const safe = readPushPayload({ ...FALLBACK, url: path })?.url ?? FALLBACK.url;
    event.waitUntil(openScreen(scope, new URL(safe, scope.location.origin).href));
  });

  // The push service replaced the subscription (it expired): register the new one and forget
  // the old, if the person is still signed in on this device (the cookie goes with the request).
  scope.addEventListener('pushsubscriptionchange', (event) => {
    const { oldSubscription } = event as ExtendableEvent & {
      oldSubscription?: PushSubscription | null;
    };
    // On Wi-Fi that hangs each request gives up at its deadline, and a refusal is a failure:
    // the old subscription is forgotten only once the new one is registered.
    const send = async (method: 'POST' | 'DELETE', body: unknown) => {
      const response = await fetch(API.pushSubscriptions, {
        method,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(WRITE_DEADLINE_MS),
      });
      if (!response.ok) throw new Error(`${method} ${API.pushSubscriptions}: ${response.status}`);
    };
    const renew = async () => {
      const response = await fetch(API.pushPublicKey, {
        signal: AbortSignal.timeout(READ_DEADLINE_MS),
      });
      if (!response.ok) throw new Error(`${API.pushPublicKey}: ${response.status}`);
      const { publicKey } = (await response.json()) as { publicKey: string };
      const renewed = await scope.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      await send('POST', renewed.toJSON());
      if (oldSubscription) await send('DELETE', { endpoint: oldSubscription.endpoint });
    };
    event.waitUntil(renew().catch(() => undefined));
  });
}
