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
    const turn = givingWay({ busy: () => true, answered: () => 0 }, 20);
    const at: number[] = [];
    const asks = Array.from({ length: 5 }, () => turn().then(() => at.push(Date.now())));
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all(asks);
    expect(at).toEqual([0, 50, 100, 150, 200]);
  });

  it('gives the next turn at once when the server is not busy', async () => {
    // The clock stands still: only turns that wait for no timer can end.
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'Date', 'performance'] });
    const turn = givingWay({ busy: () => false, answered: () => 0 }, 1);
    await Promise.all(Array.from({ length: 50 }, () => turn()));
    expect(Date.now()).toBe(0);
  });

  /** A turn, and the event loop held for 30 ms (with `answers` answered meanwhile) before it comes. */
  async function heldUp(turn: () => Promise<void>, answer: (n: number) => void, answers: number) {
    const first = turn();
    const until = performance.now() + 30;
    while (performance.now() < until);
    answer(answers);
    await first;
  }

  it('paces the turns after one that a burst of requests held up, without waiting for a sample', async () => {
    let answered = 0;
    const turn = givingWay({ busy: () => false, answered: () => answered }, 20);
    await heldUp(turn, (n) => (answered += n), 40);
    const started = performance.now();
    await Promise.all([turn(), turn(), turn()]);
    // 20 a second: the third of them comes 100 ms after the first at the soonest.
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('goes on at once after a turn that its own work held up, with no requests answered', async () => {
    // The clock stands still for timers: a paced turn would never come.
    const turn = givingWay({ busy: () => false, answered: () => 0 }, 1);
    await heldUp(turn, () => {}, 0);
    vi.useFakeTimers({ now: 0, toFake: ['setTimeout', 'Date'] });
    await Promise.all(Array.from({ length: 20 }, () => turn()));
    expect(Date.now()).toBe(0);
  });
});
