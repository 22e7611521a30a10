import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A form's controls, disabled while a server-rendered page waits for its code: typing or a tap
 * before the app has taken over would be lost (React does not replay them), and a native
 * submit would put the fields in the URL. Rendered by the browser, it is never disabled.
 * The fieldset has no box of its own (`display: contents`), so the form lays out as before.
 */
export function FormControls({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form-controls" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
