import { lazy, type ComponentType } from 'react';

function Nothing() {
  return null;
}

/**
 * `React.lazy` for a part a page can do without (the bell, a listing's heart, the install
 * offer, the outbox's news): when its code cannot be had, lost on bad Wi-Fi or cut off because
 * the page is being left, it renders `fallback` (nothing unless given) until the next start,
 * and the page under it never fails for it.
 *
 * `load` carries the whole import: the build wraps `import(...)` and the `.then` written on it
 * in the loader that first fetches the chunk's styles, and a stylesheet that fails rejects that
 * wrapper before any handler written inside it runs. The fallback is attached out here, so it
 * covers the styles as well as the code.
 */
export function optionalPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ComponentType<P> = Nothing,
) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: fallback }),
    ),
  );
}
