import { useId, useState } from 'react';
import { InstallAppButton } from '#client/components/install/install-app-button.js';
import { useInstallWay } from '#client/lib/install-offer.js';

/** Per device, not per account: whoever dismissed it here does not want it on this phone. */
const DISMISSED_KEY = 'installCardDismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The courier dashboard's offer to install the app, while it can be installed here and until
 * it is dismissed: installed, the dashboard opens from the Home Screen and keeps working offline.
 */
export function InstallCard() {
  const way = useInstallWay();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const textId = useId();
  if (!way || dismissed) return null;

  function dismiss() {
    try {
      localStorage.setItem(DISMISSED_KEY, new Date().toISOString());
    } catch {
      // Storage full or blocked: it stays away until the next visit.
    }
    setDismissed(true);
  }

  return (
    <section className="cr-install" aria-labelledby={textId}>
      <p id={textId} className="cr-install-text">
        Install Gator Market on your phone: deliveries keep working offline
      </p>
      <InstallAppButton place="card" />
      <button
        type="button"
        className="icon-button cr-install-dismiss"
        aria-label="Dismiss the install suggestion"
        onClick={dismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
