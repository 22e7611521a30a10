/**
 * Web Push on this device: asking (only from a tap, with the reason said first), subscribing
 * with the server's VAPID key, and letting go at sign-out. Loaded only by the screens that
 * offer push, the settings and sign-out; never with the first page.
 */
import * as notificationPaths from '#shared/api-paths/notifications.js';
import type { PushPublicKey } from '#shared/schemas/notifications.js';
import { api } from './api';

/** Whose subscription this browser holds: another person signing in here does not inherit it. */
const OWNER_KEY = 'push-owner';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** The browser's subscription on this device, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function save(subscription: PushSubscription) {
  return api(notificationPaths.pushSubscriptions, { method: 'POST', body: subscription.toJSON() });
}

/**
 * Asks for permission and subscribes. Call it from the person's tap: browsers refuse (or
 * quietly deny) a permission prompt no gesture asked for.
 */
export async function enablePush(userId: number): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await api<PushPublicKey>(notificationPaths.pushPublicKey);
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  await save(subscription);
  localStorage.setItem(OWNER_KEY, String(userId));
  return 'on';
}

/** Stops push on this device: the browser's subscription and the server's record of it. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  localStorage.removeItem(OWNER_KEY);
  if (!subscription) return;
  await api(notificationPaths.pushSubscriptions, {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

/**
 * After sign-in: the device's subscription is tied again to this session (so signing out
 * removes it), or dropped when it was someone else's on this browser.
 */
export async function syncPushSubscription(userId: number): Promise<void> {
  if ((await pushState()) !== 'on') return;
  const subscription = await currentSubscription();
  if (!subscription) return;
  if (localStorage.getItem(OWNER_KEY) !== String(userId)) {
    await subscription.unsubscribe();
    return;
  }
  await save(subscription);
}

/**
 * Nobody is signed in any more. After Sign Out (which clears all storage, the owner with it)
 * the browser lets go of its subscription too; after a session merely expired it keeps it.
 */
export async function forgetAfterSignOut(): Promise<void> {
  if (localStorage.getItem(OWNER_KEY) !== null) return;
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}
