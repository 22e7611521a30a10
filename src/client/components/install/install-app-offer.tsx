import { lazy, Suspense } from 'react';
import { useInstallWay } from '#client/lib/install-offer.js';
import type { InstallAppButtonProps } from './install-app-button';

const InstallAppButton = lazy(() =>
  import('./install-app-button').then((m) => ({ default: m.InstallAppButton })),
);

/**
 * The header's "Install app", whose code loads only once the app can be installed here: the
 * header is on every page's first paint, and most visits never show it.
 */
export function InstallAppOffer(props: InstallAppButtonProps) {
  return (
    useInstallWay() && (
      <Suspense fallback={null}>
        <InstallAppButton {...props} />
      </Suspense>
    )
  );
}
