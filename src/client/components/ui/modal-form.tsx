import type { ReactNode } from 'react';
import { Form, FormAlert, SubmitButton } from './fields';
import { Modal } from './modal';

interface Sending {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

/**
 * A short form in a dialog (a report, a review, a delivery request): its fields, the problem its
 * check found, why sending failed ("<failure>: <the server's words>"), then submit, which says
 * "Sending…" and holds the dialog open while `sending` is under way.
 */
export function ModalForm({
  title,
  onClose,
  onSubmit,
  sending,
  problem,
  failure,
  submitLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  sending: Sending;
  problem: string;
  failure: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={onClose} busy={sending.isPending}>
      <Form className="form" onSubmit={onSubmit}>
        {children}
        <FormAlert>{problem}</FormAlert>
        <FormAlert>{sending.isError && `${failure}: ${sending.error?.message}`}</FormAlert>
        <SubmitButton busy={sending.isPending} busyText="Sending…">
          {submitLabel}
        </SubmitButton>
      </Form>
    </Modal>
  );
}
