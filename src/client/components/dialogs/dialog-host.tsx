import { lazy, Suspense } from 'react';
import { useCurrentDialog } from '../../lib/dialogs';

// The dialog's look loads with the first alert or question, not with every page.
const AppDialog = lazy(() => import('./app-dialog').then((m) => ({ default: m.AppDialog })));

/** Shows the app's alerts and confirmations (lib/dialogs.ts), one at a time. */
export function DialogHost() {
  const dialog = useCurrentDialog();
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <AppDialog key={dialog.id} dialog={dialog} />
    </Suspense>
  );
}
