import type { ReactNode } from 'react';
import type { OutboxDetails } from '#shared/outbox.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import type { ProgressStatus } from '../api/update-status';
import type { DropOffProofState } from '../hooks/use-drop-off-proof';
import { DropOffPanel } from './drop-off-panel';
import { ProofPhotoInput } from './proof-photo-input';
import { ReturnPanel } from './return-panel';

interface DropOffProofProps {
  proof: DropOffProofState;
  delivery: DeliveryInstruction;
  send: (status: ProgressStatus, details: OutboxDetails) => void;
  /** The action buttons, shown while no panel asks for more. */
  children: ReactNode;
}

/**
 * After pick-up: the optional photo above the buttons; the code entry of a delivery asked for
 * with a code, or the reason of a return, in their place while the courier fills them in.
 */
export function DropOffProof({ proof, delivery, send, children }: DropOffProofProps) {
  if (delivery.delivery_status !== 'Picked Up') return children;
  if (proof.panel === 'code') {
    return (
      <DropOffPanel
        refusal={proof.refusal}
        onConfirm={(handoverCode) => {
          proof.submitting();
          send('Delivered', { handoverCode, ...proof.photoDetails() });
        }}
        onBack={proof.back}
      />
    );
  }
  if (proof.panel === 'return') {
    return (
      <ReturnPanel
        pickup={delivery.pickup}
        onConfirm={(reason, note) => {
          proof.submitting();
          send('Returned', { reason, ...(note && { note }) });
        }}
        onBack={proof.back}
      />
    );
  }
  return (
    <>
      <ProofPhotoInput photo={proof.photo} onPhoto={proof.setPhoto} />
      {children}
    </>
  );
}
