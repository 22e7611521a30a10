import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from '#client/lib/lazy-component.js';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Could not load</p> : this.props.children;
  }
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('a part of a page loaded when shown', () => {
  it('asks the network again when its code failed to arrive (bad Wi-Fi)', async () => {
    let calls = 0;
    const Lazy = lazyComponent(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(Greeting);
    });
    render(
      <Boundary>
        <Suspense fallback={<p>Loading…</p>}>
          <Lazy name="Maria" />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('Hello Maria')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows the error after a few tries, not a loop, and tries again when shown again', async () => {
    let online = false;
    let calls = 0;
    const Lazy = lazyComponent(() => {
      calls += 1;
      return online ? Promise.resolve(Greeting) : Promise.reject(new TypeError('Failed to fetch'));
    });
    const page = (
      <Boundary>
        <Suspense fallback={<p>Loading…</p>}>
          <Lazy name="Maria" />
        </Suspense>
      </Boundary>
    );
    const first = render(page);
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const tries = calls;
    expect(tries).toBeGreaterThan(0);
    expect(tries).toBeLessThan(10);
    first.unmount();
    // Back online, the page opened again: the code is fetched anew, not the failure replayed.
    online = true;
    render(page);
    expect(await screen.findByText('Hello Maria')).toBeInTheDocument();
    expect(calls).toBe(tries + 1);
  });

  it('renders at once, without a fallback, once its code is here', async () => {
    const Lazy = lazyComponent(() => Promise.resolve(Greeting));
    await act(() => Lazy.preload());
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy name="Jace" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Jace')).toBeInTheDocument();
  });
});
