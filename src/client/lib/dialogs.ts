import { useSyncExternalStore } from 'react';

/*
 * The app's own alerts and confirmations, in place of window.alert and window.confirm: they
 * look like the product, are read out as dialogs, never freeze the page (a live update or an
 * outbox replay keeps running under them) and can be answered from any screen, even after the
 * one that asked has gone. Anyone calls `showAlert` or `askToConfirm`; the host
 * (components/dialogs/dialog-host.tsx, beside every page) shows them one at a time, in order.
 */

export interface DialogOptions {
  /** A sentence under the question: what happens, to what. */
  detail?: string;
  /** The button that agrees ("OK" unless given). */
  confirmLabel?: string;
  /** The button that declines (confirmations only; "Cancel" unless given). */
  cancelLabel?: string;
  /** Agreeing destroys or gives something up: the button says so, and Cancel gets focus. */
  danger?: boolean;
}

export interface DialogRequest extends DialogOptions {
  id: number;
  /** The words asked or told: the product's exact strings where the spec gives them. */
  message: string;
  kind: 'alert' | 'confirm';
}

let queue: readonly (DialogRequest & { answer: (yes: boolean) => void })[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function open(request: Omit<DialogRequest, 'id'>): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { ...request, id: nextId++, answer: resolve }];
    for (const listener of listeners) listener();
  });
}

/** Tells the person something; resolves when they have read it (OK, Escape). */
export async function showAlert(message: string, options: DialogOptions = {}): Promise<void> {
  await open({ ...options, message, kind: 'alert' });
}

/** Asks a yes-or-no question; resolves true only when the person agreed. */
export function askToConfirm(message: string, options: DialogOptions = {}): Promise<boolean> {
  return open({ ...options, message, kind: 'confirm' });
}

/** Answers the dialog on screen, which makes way for the next one. */
export function answerDialog(id: number, yes: boolean): void {
  const request = queue.find((r) => r.id === id);
  if (!request) return;
  queue = queue.filter((r) => r !== request);
  for (const listener of listeners) listener();
  request.answer(yes);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dialog to show now, if any. */
export function currentDialog(): DialogRequest | undefined {
  return queue[0];
}

export function useCurrentDialog(): DialogRequest | undefined {
  return useSyncExternalStore(subscribe, currentDialog, () => undefined);
}
