import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearView } from '#client/features/deliveries/buyer/hooks/use-near-view.js';

/** The browser's IntersectionObserver (jsdom has none): the test says when the element is near. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }));
    this.callback(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}

function Costly() {
  const [near, ref] = useNearView<HTMLDivElement>();
  return <div ref={ref}>{near ? 'the map' : 'placeholder'}</div>;
}

describe('useNearView (a map below the first screen starts when scrolled to)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    FakeObserver.last = null;
  });

  it('is false until the element comes within 100 px of the screen, then stays true', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Costly />);
    const observer = FakeObserver.last!;
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    expect(observer.options?.rootMargin).toBe('100px');
    act(() => observer.report(false));
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    act(() => observer.report(true));
    expect(screen.getByText('the map')).toBeInTheDocument();
    // Scrolled away again, the map stays (and nothing is watched any more).
    expect(observer.disconnected).toBe(true);
    expect(screen.getByText('the map')).toBeInTheDocument();
  });

  it('is true at once where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Costly />);
    expect(screen.getByText('the map')).toBeInTheDocument();
  });
});
