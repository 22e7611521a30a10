import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveEvents } from '#client/components/live/live-events.js';
import { setUnauthorizedHandler } from '#client/lib/api.js';
import { applyLiveEvent, isCourierPosition, refetchLiveData } from '#client/lib/live-events.js';
import { READ_DEADLINE_MS } from '#shared/deadlines.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { clearSession, expireSession, getSessionUser } from '#client/lib/session.js';
import { signIn } from '../support/data';
import { reply, stubApi } from '../support/fetch-stub';
import { testQueryClient } from '../support/render';

const POSITION = {
  delivery_id: 5,
  courier_id: 3,
  lat: 37.7223,
  lng: -122.4785,
  accuracy: 8,
  at: '2026-11-22T10:00:00.000Z',
};

/** A stand-in EventSource: the test says what the server sends and when the browser gives up. */
class FakeSource extends EventTarget {
  static all: FakeSource[] = [];
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.all.push(this);
  }
  emit(type: string, data: unknown) {
    this.readyState = 1;
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  refuse() {
    this.readyState = 2;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}
const open = () => FakeSource.all.filter((s) => !s.closed);

beforeEach(() => {
  FakeSource.all = [];
  globalThis.EventSource = FakeSource as unknown as typeof EventSource;
  setUnauthorizedHandler(expireSession);
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
  setUnauthorizedHandler(null);
  clearSession();
});

describe('isCourierPosition', () => {
  it('accepts the server payload and rejects anything else', () => {
    expect(isCourierPosition(POSITION)).toBe(true);
    expect(isCourierPosition({ ...POSITION, accuracy: null })).toBe(true);
    expect(isCourierPosition({ ...POSITION, lat: '37.7' })).toBe(false);
    expect(isCourierPosition({ ...POSITION, lng: Number.NaN })).toBe(false);
    expect(isCourierPosition({ ...POSITION, delivery_id: 1.5 })).toBe(false);
    expect(isCourierPosition({ ...POSITION, at: undefined })).toBe(false);
    expect(isCourierPosition(null)).toBe(false);
    expect(isCourierPosition('x')).toBe(false);
  });
});

describe('applyLiveEvent', () => {
  it('marks chats stale on a new message and deliveries and requests on a delivery change', () => {
    const client = testQueryClient();
    for (const key of [
      queryKeys.messages(),
      queryKeys.listingSender(7, 11),
      queryKeys.deliveries(),
      queryKeys.courierDeliveries(3),
      queryKeys.deliveryRequests(),
      queryKeys.listing(11),
    ]) {
      client.setQueryData(key, []);
    }
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((q) => q.isStale())
        .map((q) => q.queryKey);

    applyLiveEvent(client, 'message.created', { message: {} });
    expect(stale()).toEqual([queryKeys.messages(), queryKeys.listingSender(7, 11)]);

    applyLiveEvent(client, 'delivery.updated', { delivery: {} });
    expect(stale()).toEqual(
      expect.arrayContaining([
        queryKeys.deliveries(),
        queryKeys.courierDeliveries(3),
        queryKeys.deliveryRequests(),
      ]),
    );
    expect(stale()).not.toContainEqual(queryKeys.listing(11));
  });

  it('refreshes only the pool when a delivery left it', () => {
    const client = testQueryClient();
    for (const key of [queryKeys.unassigned(), queryKeys.courierDeliveries(3)]) {
      client.setQueryData(key, []);
    }
    applyLiveEvent(client, 'delivery.removed', { delivery_id: 9 });
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey);
    expect(stale).toEqual([queryKeys.unassigned()]);
  });

  it('marks the bell and the notification centre stale when new notifications came', () => {
    const client = testQueryClient();
    for (const key of [
      queryKeys.notificationUnread(),
      queryKeys.notificationPage(null),
      queryKeys.messages(),
    ]) {
      client.setQueryData(key, []);
    }
    applyLiveEvent(client, 'notification.created', {});
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey);
    expect(stale).toEqual([queryKeys.notificationUnread(), queryKeys.notificationPage(null)]);
  });

  it('puts a pushed courier position into the cache, and ignores a malformed one', () => {
    const client = testQueryClient();
    applyLiveEvent(client, 'courier.position', POSITION);
    expect(client.getQueryData(queryKeys.courierPosition(5))).toEqual(POSITION);
    applyLiveEvent(client, 'courier.position', { ...POSITION, lat: 'north' });
    expect(client.getQueryData(queryKeys.courierPosition(5))).toEqual(POSITION);
  });
});

describe('refetchLiveData', () => {
  const stale = (client: ReturnType<typeof testQueryClient>) =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey);

  it('after a reconnect marks everything an event could change stale', () => {
    const client = testQueryClient();
    for (const key of [
      queryKeys.messages(),
      queryKeys.deliveries(),
      queryKeys.deliveryRequests(),
      queryKeys.notificationUnread(),
      queryKeys.listing(11),
    ]) {
      client.setQueryData(key, []);
    }
    refetchLiveData(client);
    expect(stale(client)).toEqual([
      queryKeys.messages(),
      queryKeys.deliveries(),
      queryKeys.deliveryRequests(),
      queryKeys.notificationUnread(),
    ]);
  });

  it('since an event: only what was fetched before it, or answered within a read’s deadline after it', () => {
    const client = testQueryClient();
    const event = Date.parse('2026-11-28T10:00:00Z');
    client.setQueryData(queryKeys.deliveryRequests(), [], { updatedAt: event - 60_000 });
    client.setQueryData(queryKeys.deliveries(), [], { updatedAt: event + READ_DEADLINE_MS - 1 });
    client.setQueryData(queryKeys.messages(), [], { updatedAt: event + READ_DEADLINE_MS + 1 });
    client.setQueryData(queryKeys.notificationUnread(), [], { updatedAt: event + 60_000 });
    refetchLiveData(client, event);
    expect(stale(client)).toEqual([queryKeys.deliveryRequests(), queryKeys.deliveries()]);
  });
});

describe('<LiveEvents />', () => {
  const mount = () => {
    const client = testQueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <LiveEvents />
      </QueryClientProvider>,
    );
    return { client, ...view };
  };

  it('opens nothing for a visitor, one stream after sign-in, and closes it at sign-out', () => {
    mount();
    expect(FakeSource.all).toHaveLength(0);
    act(() => void signIn());
    expect(open()).toHaveLength(1);
    expect(open()[0]!.url).toBe('/api/events');
    act(() => clearSession());
    expect(open()).toHaveLength(0);
  });

  it('feeds the events into the query cache', () => {
    signIn();
    const { client } = mount();
    act(() => open()[0]!.emit('courier.position', POSITION));
    expect(client.getQueryData(queryKeys.courierPosition(5))).toEqual(POSITION);
  });

  it('stops when the refused stream meant the session is gone, and starts again at sign-in', async () => {
    const api = stubApi({ 'GET /api/me': reply(401, { message: 'Not signed in.' }) });
    signIn();
    mount();
    const first = open()[0]!;
    act(() => first.refuse());
    await waitFor(() => expect(getSessionUser()).toBeNull());
    expect(api.callsTo('GET /api/me')).toHaveLength(1);
    expect(first.closed).toBe(true);
    expect(open()).toHaveLength(0);

    act(() => void signIn());
    expect(open()).toHaveLength(1);
    expect(FakeSource.all).toHaveLength(2);
  });

  it('closes while offline and reopens when the network returns', () => {
    signIn();
    mount();
    expect(open()).toHaveLength(1);
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    try {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(open()).toHaveLength(0);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
    act(() => void window.dispatchEvent(new Event('online')));
    expect(open()).toHaveLength(1);
  });
});
