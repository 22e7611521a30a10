import { useId } from 'react';
import { answerDialog, type DialogRequest } from '../../lib/dialogs';
import { Modal } from '../ui/modal';
import './app-dialog.css';
import { Button } from '#client/components/ui/button.js';

/**
 * An alert (OK) or a confirmation (its two answers) in the product's look: the message is the
 * dialog's name, so a screen reader reads it first; Escape or a tap beside it declines. A
 * question that gives something up focuses its safe answer.
 */
export function AppDialog({ dialog }: { dialog: DialogRequest }) {
  const detailId = useId();
  const { id, message, detail, kind, danger = false } = dialog;
  const answer = (yes: boolean) => answerDialog(id, yes);
  const confirmLabel = dialog.confirmLabel ?? 'OK';
  return (
    <Modal
      title={message}
      role="alertdialog"
      describedBy={detail ? detailId : undefined}
      closeButton={false}
      onClose={() => answer(kind === 'alert')}
    >
      {detail && (
        <p id={detailId} className="app-dialog-detail">
          {detail}
        </p>
      )}
      <div className="app-dialog-answers">
        <Button
          size="large"
          variant={danger ? 'danger-solid' : 'primary'}
          data-answer="yes"
          data-autofocus={danger ? undefined : ''}
          onClick={() => answer(true)}
        >
          {confirmLabel}
        </Button>
        {kind === 'confirm' && (
          <Button
            size="large"
            variant="outline"
            data-answer="no"
            data-autofocus={danger ? '' : undefined}
            onClick={() => answer(false)}
          >
            {dialog.cancelLabel ?? 'Cancel'}
          </Button>
        )}
      </div>
    </Modal>
  );
}
