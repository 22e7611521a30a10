/**
 * Background work gives way to people: while the server is busy answering requests, a push
 * fan-out's sends leave at a bounded pace; on a quiet server they go at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { givingWay, isBusy } from '#server/lib/request-pressure.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('isBusy', () => {
  it('is busy only when the loop is occupied and requests are being answered', () => {
    expect(isBusy(0.95, 1_200)).toBe(true);
    // A fan-out alone occupies the loop: not the people's business.
    expect(isBusy(0.95, 0)).toBe(false);
    // Many light requests on an idle loop leave room.
    expect(isBusy(0.2, 1_200)).toBe(false);
  });
});

describe('givingWay', () => {
  it('paces turns at the given rate while the server is busy, however many ask at once', async () => {
    vi.useFakeTimers({ now: 0 });
    const turn = givingWay({ busy: () => true }, 20);
    const at: number[] = [];
    const asks = Array.from({ length: 5 }, () => turn().then(() => at.push(Date.now())));
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all(asks);
    expect(at).toEqual([0, 50, 100, 150, 200]);
  });

  it('gives the next turn at once when the server is not busy', async () => {
    // The clock stands still: only turns that wait for no timer can end.
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'Date', 'performance'] });
    const turn = givingWay({ busy: () => false }, 1);
    await Promise.all(Array.from({ length: 50 }, () => turn()));
    expect(Date.now()).toBe(0);
  });

  it('paces the turns after one that other work held up, without waiting for a sample', async () => {
    const turn = givingWay({ busy: () => false }, 20);
    const first = turn();
    // Requests that arrived together hold the event loop for 30 ms before the turn comes.
    const until = performance.now() + 30;
    while (performance.now() < until);
    await first;
    const started = performance.now();
    await Promise.all([turn(), turn(), turn()]);
    // 20 a second: the third of them comes 100 ms after the first at the soonest.
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });
});
