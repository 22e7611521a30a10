import { Suspense } from 'react';
import { useInstallWay } from '#client/lib/install-offer.js';
import { optionalPart } from '#client/lib/optional-part.js';
import type { InstallAppButtonProps } from './install-app-button';

const InstallAppButton = optionalPart(() =>
  import('./install-app-button').then((m) => m.InstallAppButton),
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
