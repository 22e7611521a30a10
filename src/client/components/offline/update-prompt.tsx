import { applyUpdate, useUpdateWaiting } from '#client/lib/sw-register.js';

/** A new version is installed and waiting: the user decides when to reload. */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  if (!waiting) return null;
  return (
    <div className="offline-bar offline-bar--info" role="alert" data-testid="update-prompt">
      <span>New version available</span>
      <button type="button" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
