import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushOffer } from '#client/components/notifications/push-offer.js';
import { NotificationSettingsPage } from '#client/features/notifications/notification-settings-page.js';
import { NotificationsPage } from '#client/features/notifications/notifications-page.js';
import { defaultPreferences, NOTIFICATION_KINDS } from '#shared/notification-kinds.js';
import type { NotificationItem, NotificationsPage as Page } from '#shared/schemas/notifications.js';
import { stubApi } from '../support/fetch-stub';
import { signIn } from '../support/data';
import { currentPath, renderAt, renderShell } from '../support/render';

function item(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: 1,
    kind: 'picked_up',
    title: 'Picked up: IKEA desk lamp',
    body: 'Your courier has it and is on the way to Library.',
    url: '/OrderStatus',
    created_at: new Date().toISOString(),
    read_at: null,
    ...overrides,
  };
}
const page = (items: NotificationItem[], unread: number, next: number | null = null): Page => ({
  items,
  unread,
  next_cursor: next,
});

describe('the bell', () => {
  it('shows the unread count and leads to the notification centre', async () => {
    signIn();
    stubApi({ 'GET /api/notifications': page([item()], 3) });
    renderShell();
    // The bell's code loads on its own (a lazy chunk): the first time takes a moment.
    const bell = await screen.findByRole(
      'link',
      { name: 'Notifications, 3 unread' },
      { timeout: 10_000 },
    );
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(within(bell).getByText('3')).toBeVisible();
  });

  it('says only "Notifications" with nothing unread, and is not there for visitors', async () => {
    signIn();
    const api = stubApi({ 'GET /api/notifications': page([], 0) });
    const { unmount } = renderShell();
    expect(
      await screen.findByRole('link', { name: 'Notifications' }, { timeout: 10_000 }),
    ).toBeVisible();
    unmount();
    localStorage.clear();
    const before = api.callsTo('GET /api/notifications').length;
    renderShell();
    expect(screen.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(api.callsTo('GET /api/notifications')).toHaveLength(before);
  });
});

describe('/notifications', () => {
  it('lists the newest first, marks one read when opened and goes to its screen', async () => {
    signIn();
    const api = stubApi({
      'GET /api/notifications': page(
        [item({ id: 2 }), item({ id: 1, title: 'Accepted: IKEA desk lamp', read_at: 'x' })],
        1,
      ),
      'PUT /api/notifications/read': { updated: 1, unread: 0 },
    });
    const { user, router } = renderAt(<NotificationsPage />, { path: '/notifications' });
    const list = await screen.findByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Unread: Picked up: IKEA desk lamp'),
      expect.stringContaining('Accepted: IKEA desk lamp'),
    ]);
    await user.click(links[0]!);
    await waitFor(() => expect(currentPath(router)).toBe('/OrderStatus'));
    expect(api.callsTo('PUT /api/notifications/read').map((c) => c.body)).toEqual([{ ids: [2] }]);
  });

  it('marks all read, and shows older ones on request', async () => {
    signIn();
    const api = stubApi({
      'GET /api/notifications': (call) =>
        call.query.get('cursor') === '5'
          ? page([item({ id: 4, title: 'Older one', read_at: 'x' })], 2)
          : page([item({ id: 6 }), item({ id: 5 })], 2, 5),
      'PUT /api/notifications/read': { updated: 2, unread: 0 },
    });
    const { user } = renderAt(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText('2 unread')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(api.callsTo('PUT /api/notifications/read').map((c) => c.body)).toEqual([{ all: true }]);
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('Older one')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('says what will show up when there is nothing yet', async () => {
    signIn();
    stubApi({ 'GET /api/notifications': page([], 0) });
    renderAt(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText(/Nothing yet/)).toBeVisible();
  });
});

describe('/notifications/settings', () => {
  it('has a push and an e-mail switch for every kind, each saved on its own', async () => {
    signIn();
    const prefs = defaultPreferences();
    const api = stubApi({
      'GET /api/notification-preferences': prefs,
      // As the server answers: every kind's switches, with only those named changed.
      'PUT /api/notification-preferences': (call) => {
        const change = call.body as Partial<Record<string, object>>;
        return Object.fromEntries(
          Object.entries(prefs).map(([kind, switches]) => [kind, { ...switches, ...change[kind] }]),
        );
      },
    });
    const { user } = renderAt(<NotificationSettingsPage />, { path: '/notifications/settings' });
    for (const info of Object.values(NOTIFICATION_KINDS)) {
      expect(await screen.findByRole('checkbox', { name: `Push: ${info.label}` })).toBeChecked();
      const email = screen.getByRole('checkbox', { name: `E-mail: ${info.label}` });
      if (info.email) expect(email).toBeChecked();
      else expect(email).not.toBeChecked();
    }
    await user.click(screen.getByRole('checkbox', { name: 'E-mail: New messages' }));
    expect(screen.getByRole('checkbox', { name: 'E-mail: New messages' })).toBeChecked();
    expect(api.callsTo('PUT /api/notification-preferences').map((c) => c.body)).toEqual([
      { message: { email: true } },
    ]);
    // A browser without push says so instead of offering it.
    expect(screen.getByText(/cannot show notifications/)).toBeVisible();
  });
});

describe('the push offer', () => {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: 'p', auth: 'a' },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  function fakePush(permission: NotificationPermission = 'default') {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    const subscribe = vi.fn(async () => subscription);
    const registration = {
      pushManager: { getSubscription: vi.fn(async () => null), subscribe },
    };
    vi.stubGlobal('Notification', { permission, requestPermission });
    vi.stubGlobal('PushManager', class {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => registration,
        ready: Promise.resolve(registration),
      },
    });
    return { requestPermission, subscribe };
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    sessionStorage.clear();
  });

  it('explains first and asks the browser only when tapped, then registers the device', async () => {
    const me = signIn();
    const push = fakePush();
    const api = stubApi({
      'GET /api/push/public-key': { publicKey: 'BKey' },
      'POST /api/push-subscriptions': { endpoint: subscription.endpoint, created: true },
    });
    const { user } = renderAt(<PushOffer userId={me.user_id} reason="Know when it arrives." />);
    expect(await screen.findByText('Know when it arrives.')).toBeVisible();
    expect(push.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('Notifications are on for this device.')).toBeVisible();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: 'BKey',
    });
    expect(api.callsTo('POST /api/push-subscriptions').map((c) => c.body)).toEqual([
      subscription.toJSON(),
    ]);
  });

  it('goes away with Not now, and is not offered where push is blocked or missing', async () => {
    const me = signIn();
    fakePush();
    stubApi({});
    const { user, unmount } = renderAt(<PushOffer userId={me.user_id} reason="Why." />);
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByText('Why.')).toBeNull();
    unmount();
    sessionStorage.clear();
    fakePush('denied');
    const blocked = renderAt(<PushOffer userId={me.user_id} reason="Blocked." />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Blocked.')).toBeNull();
    blocked.unmount();
  });
});
