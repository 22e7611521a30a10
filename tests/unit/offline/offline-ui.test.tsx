import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from '#client/components/offline/offline-banner.js';
import { formatUpdatedAt } from '#client/components/offline/use-last-updated.js';
import { unreadNotificationsQuery } from '#client/lib/queries/notifications.js';
import { queryKeys } from '#client/lib/query-keys.js';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  vi.restoreAllMocks();
});

function withClient(client: QueryClient, children: ReactNode) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function OrdersOnScreen() {
  useQuery({ queryKey: ['orders'], queryFn: () => Promise.resolve([]), staleTime: Infinity });
  return null;
}

describe('the offline banner', () => {
  it('says when the data on screen was last updated, only while offline', async () => {
    const client = new QueryClient();
    const at = new Date(2026, 10, 22, 15, 41).getTime();
    client.setQueryData(['orders'], [], { updatedAt: at });
    render(
      withClient(
        client,
        <>
          <OrdersOnScreen />
          <OfflineBanner />
        </>,
      ),
    );
    expect(screen.queryByTestId('offline-banner')).toBeNull();

    act(() => setOnline(false));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(
      `Offline — last updated ${formatUpdatedAt(at)}`,
    );
    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it("dates the screen's data, not the header bell's count refreshed since", () => {
    const client = new QueryClient();
    const at = new Date(2026, 10, 22, 15, 41).getTime();
    client.setQueryData(['orders'], [], { updatedAt: at });
    client.setQueryData(queryKeys.notificationUnread(), 2, { updatedAt: at + 3_600_000 });
    function BellInHeader() {
      useQuery({ ...unreadNotificationsQuery(), staleTime: Infinity });
      return null;
    }
    const { container } = render(
      withClient(
        client,
        <>
          <BellInHeader />
          <OrdersOnScreen />
          <OfflineBanner />
        </>,
      ),
    );
    act(() => setOnline(false));
    expect(within(container).getByTestId('offline-banner')).toHaveTextContent(
      `Offline — last updated ${formatUpdatedAt(at)}`,
    );
    act(() => setOnline(true));
  });

  it('formats today as a time and earlier days with the date', () => {
    const now = new Date(2026, 10, 22, 18, 0).getTime();
    expect(formatUpdatedAt(new Date(2026, 10, 22, 15, 41).getTime(), now)).toBe('3:41 PM');
    expect(formatUpdatedAt(new Date(2026, 10, 20, 9, 5).getTime(), now)).toBe('Nov 20, 9:05 AM');
  });
});

describe('the update prompt', () => {
  it('offers Reload for a waiting version and reloads only when pressed', async () => {
    // The browser's service worker API, as sw-register.ts uses it.
    const container = Object.assign(new EventTarget(), {
      controller: {},
      register: () => Promise.resolve(registration),
    });
    class FakeWorker extends EventTarget {
      state = 'installing';
      postMessage = vi.fn(() => container.dispatchEvent(new Event('controllerchange')));
    }
    const registration = Object.assign(new EventTarget(), {
      installing: null as FakeWorker | null,
      waiting: null as FakeWorker | null,
      update: () => Promise.resolve(),
    });
    vi.resetModules();
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });

    const { registerServiceWorker } = await import('#client/lib/sw-register.js');
    const { UpdatePrompt } = await import('#client/components/offline/update-prompt.js');
    await registerServiceWorker();
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();

    const worker = new FakeWorker();
    act(() => {
      registration.installing = worker;
      registration.dispatchEvent(new Event('updatefound'));
      worker.state = 'installed';
      registration.installing = null;
      registration.waiting = worker;
      worker.dispatchEvent(new Event('statechange'));
    });
    expect(screen.getByTestId('update-prompt')).toHaveTextContent('New version available');
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(worker.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'SKIP_WAITING' });
    expect(reload).toHaveBeenCalledOnce();

    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});
