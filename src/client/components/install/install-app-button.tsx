import { lazy, Suspense, useState } from 'react';
import { promptInstall, useInstallWay } from '#client/lib/install-offer.js';
import { Button } from '#client/components/ui/button.js';
import './install-app-button.css';

// Only iPhones and iPads ever open it.
const InstallSheet = lazy(() =>
  import('./install-sheet').then((m) => ({ default: m.InstallSheet })),
);

export interface InstallAppButtonProps {
  /** The header (a visitor's button beside Login), the account menu, or a card's button. */
  place: 'header' | 'menu' | 'card';
  /** Called before the button acts (the account menu closes first). */
  onChoose?: () => void;
}

/**
 * "Install app" while the app can be installed here: the browser's own install dialog, or on
 * an iPhone or iPad the sheet with the Share steps. Nothing once it is installed.
 */
export function InstallAppButton({ place, onChoose }: InstallAppButtonProps) {
  const way = useInstallWay();
  const [sheet, setSheet] = useState(false);
  if (!way && !sheet) return null;
  const act = () => {
    onChoose?.();
    if (way === 'ios') setSheet(true);
    else promptInstall();
  };
  const button =
    way &&
    (place === 'card' ? (
      <Button size="large" onClick={act}>
        <span>Install app</span>
      </Button>
    ) : (
      <button
        type="button"
        className={place === 'header' ? 'install-app-button' : undefined}
        aria-label={place === 'header' ? 'Install app' : undefined}
        onClick={act}
      >
        {place === 'header' && (
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 4v10m-4-4 4 4 4-4M5 19h14" />
          </svg>
        )}
        <span className={place === 'header' ? 'install-app-text' : undefined}>Install app</span>
      </button>
    ));
  return (
    <>
      {place === 'menu' ? <li>{button}</li> : button}
      {sheet && (
        <Suspense fallback={null}>
          <InstallSheet onClose={() => setSheet(false)} />
        </Suspense>
      )}
    </>
  );
}
