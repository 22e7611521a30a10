import type { ReactNode } from 'react';
import { useHydrated } from '#client/lib/use-hydrated.js';
import { Button, type ButtonProps } from './button';

/*
 * Controls of a server-rendered page are disabled while it waits for its code: typing or a tap
 * before the app has taken over would be lost (React does not replay them), and a native
 * submit would put the fields in the URL. Rendered by the browser, they are never disabled.
 * Both components are leaves on purpose: when hydration ends, only they render again.
 */

/** A group of controls (a form's, a filter row's); no box of its own (`display: contents`). */
export function FormControls({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form-controls" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}

/** A button outside a form. */
export function ReadyButton({ disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  return <Button {...props} disabled={!hydrated || disabled} />;
}
