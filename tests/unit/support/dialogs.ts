/**
 * The app's own alerts and confirmations (lib/dialogs.ts) as a person meets them: the dialog's
 * words, then a tap on one of its answers.
 */
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { answerDialog, currentDialog } from '#client/lib/dialogs.js';

// A dialog a test left open does not greet the next test.
afterEach(() => {
  for (let open = currentDialog(); open; open = currentDialog()) answerDialog(open.id, false);
});

/** Waits for the next alert or question and answers it (yes: OK or its confirm button). */
export async function answerNextDialog(
  user: ReturnType<typeof userEvent.setup>,
  yes = true,
): Promise<string> {
  const dialog = await screen.findByRole('alertdialog');
  const words = within(dialog).getByRole('heading').textContent ?? '';
  const button = dialog.querySelector<HTMLButtonElement>(`[data-answer="${yes ? 'yes' : 'no'}"]`);
  if (!button) throw new Error(`The dialog "${words}" has no ${yes ? 'yes' : 'no'} answer`);
  await user.click(button);
  return words;
}

/** No alert or question is on screen. */
export function noDialog(): boolean {
  return screen.queryByRole('alertdialog') === null;
}
