import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '#client/components/dialogs/dialog-host.js';
import { Modal } from '#client/components/ui/modal.js';
import { askToConfirm, showAlert } from '#client/lib/dialogs.js';
import { answerNextDialog, noDialog } from '../support/dialogs';

afterEach(cleanup);

function host() {
  const user = userEvent.setup();
  render(<DialogHost />);
  return user;
}

describe("the app's own alerts and confirmations", () => {
  it('an alert is a labelled alertdialog with OK focused; OK resolves it', async () => {
    const user = host();
    let read = false;
    act(() => void showAlert('Logged in!').then(() => (read = true)));
    const dialog = await screen.findByRole('alertdialog', { name: 'Logged in!' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    expect(ok).toHaveFocus();
    // Only its own answer: no corner ×, no Cancel.
    expect(within(dialog).getAllByRole('button')).toEqual([ok]);
    await user.click(ok);
    expect(noDialog()).toBe(true);
    await vi.waitFor(() => expect(read).toBe(true));
  });

  it('a question says what happens, answers yes, and Escape or a tap beside it says no', async () => {
    const user = host();
    const answers: boolean[] = [];
    const ask = () =>
      act(
        () =>
          void askToConfirm('Mark this listing as sold?', {
            detail: 'It leaves your active listings.',
            confirmLabel: 'Mark as Sold',
          }).then((yes) => answers.push(yes)),
      );

    ask();
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark this listing as sold?' });
    expect(dialog).toHaveAccessibleDescription('It leaves your active listings.');
    expect(within(dialog).getByRole('button', { name: 'Mark as Sold' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Sold' }));

    ask();
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(noDialog()).toBe(true);

    ask();
    await screen.findByRole('alertdialog');
    await user.pointer({ keys: '[MouseLeft]', target: document.querySelector('.modal-backdrop')! });
    expect(noDialog()).toBe(true);
    await vi.waitFor(() => expect(answers).toEqual([true, false, false]));
  });

  it('a question that gives something up focuses its safe answer, and Tab stays inside', async () => {
    const user = host();
    act(() => void askToConfirm('Decline this delivery request?', { danger: true }));
    const dialog = await screen.findByRole('alertdialog');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const yes = within(dialog).getByRole('button', { name: 'OK' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(yes).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    expect(await answerNextDialog(user, false)).toBe('Decline this delivery request?');
  });

  it('shows one at a time, in the order asked', async () => {
    const user = host();
    act(() => {
      void showAlert('Delivery accepted!');
      void showAlert('Could not update delivery.');
    });
    expect(await answerNextDialog(user)).toBe('Delivery accepted!');
    expect(await answerNextDialog(user)).toBe('Could not update delivery.');
    expect(noDialog()).toBe(true);
  });

  it('over another dialog, Escape answers only the one on top', async () => {
    const user = userEvent.setup();
    const closeSheet = vi.fn();
    render(
      <>
        <Modal title="Accept Delivery" onClose={closeSheet}>
          <button type="button">Confirm Delivery</button>
        </Modal>
        <DialogHost />
      </>,
    );
    act(() => void showAlert('Please choose a pickup location.'));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(noDialog()).toBe(true);
    expect(closeSheet).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Accept Delivery' })).toBeVisible();
  });
});
