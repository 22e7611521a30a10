import { createElement, lazy, type ComponentType } from 'react';

/** Component code a render asked for that has not arrived yet (see `codeStillLoading`). */
const loading = new Set<Promise<unknown>>();

/**
 * `React.lazy` that renders at once when its code is already here: after a first load, and on
 * the server, whose render waits for the code a page asked for (`codeStillLoading`) and renders
 * again, the way it waits for data (src/client/entry-server.tsx). A page keeps the parts only
 * some addresses show out of its first load this way, and still renders them on the server.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    if (!pending) {
      const attempt = load().then((component) => (loaded = component));
      pending = attempt;
      loading.add(attempt);
      attempt.then(
        () => loading.delete(attempt),
        () => {
          // A chunk lost on bad Wi-Fi is asked for again when React renders the part again
          // (it does a few times before it shows the error) and whenever it is shown later.
          loading.delete(attempt);
          pending = undefined;
          Lazy = lazyOf();
        },
      );
    }
    return pending;
  };
  const lazyOf = () => lazy(() => preload().then((component) => ({ default: component })));
  let Lazy = lazyOf();
  function LazyComponent(props: P) {
    return createElement((loaded ?? Lazy) as ComponentType<P>, props);
  }
  return Object.assign(LazyComponent, { preload });
}

/** Waits for the component code renders have asked for so far; false when none was pending. */
export async function codeStillLoading(): Promise<boolean> {
  if (loading.size === 0) return false;
  await Promise.all(loading);
  return true;
}
