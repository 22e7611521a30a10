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
    const workboxes: FakeWorkbox[] = [];
    class FakeWorkbox {
      listeners = new Map<string, (() => void)[]>();
      messageSkipWaiting = vi.fn(() => this.emit('controlling'));
      constructor() {
        workboxes.push(this);
      }
      addEventListener(type: string, listener: () => void) {
        this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
      }
      emit(type: string) {
        for (const listener of this.listeners.get(type) ?? []) listener();
      }
      register = () => Promise.resolve(undefined);
    }
    vi.resetModules();
    vi.doMock('workbox-window', () => ({ Workbox: FakeWorkbox }));
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });

    const { registerServiceWorker } = await import('#client/lib/sw-register.js');
    const { UpdatePrompt } = await import('#client/components/offline/update-prompt.js');
    await registerServiceWorker();
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();

    act(() => workboxes[0]!.emit('waiting'));
    expect(screen.getByTestId('update-prompt')).toHaveTextContent('New version available');
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workboxes[0]!.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();

    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.doUnmock('workbox-window');
  });
});
