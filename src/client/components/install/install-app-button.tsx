import { lazy, Suspense, useState, type ReactNode } from 'react';
import { promptInstall, useInstallWay } from '#client/lib/install-offer.js';

// Only iPhones and iPads ever open it, so it is not part of any page's first code.
const InstallSheet = lazy(() =>
  import('./install-sheet').then((m) => ({ default: m.InstallSheet })),
);

interface InstallAppButtonProps {
  className?: string;
  /** The button's content; its name is "Install app" whatever it shows. */
  children?: ReactNode;
  /** Called before the button acts (the header's menu closes first). */
  onChoose?: () => void;
}

/**
 * "Install app" while the app can be installed here: the browser's own install dialog, or on
 * an iPhone or iPad the sheet with the Share steps. Nothing once it is installed.
 */
export function InstallAppButton({ className, children, onChoose }: InstallAppButtonProps) {
  const way = useInstallWay();
  const [sheet, setSheet] = useState(false);
  if (!way && !sheet) return null;
  return (
    <>
      {way && (
        <button
          type="button"
          className={className}
          aria-label={children ? 'Install app' : undefined}
          onClick={() => {
            onChoose?.();
            if (way === 'ios') setSheet(true);
            else promptInstall();
          }}
        >
          {children ?? 'Install app'}
        </button>
      )}
      {sheet && (
        <Suspense fallback={null}>
          <InstallSheet onClose={() => setSheet(false)} />
        </Suspense>
      )}
    </>
  );
}
