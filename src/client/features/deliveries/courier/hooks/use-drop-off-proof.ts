import { useState } from 'react';
import type { DeliveryStatus } from '#shared/delivery.js';
import type { OutboxDetails } from '#shared/outbox.js';
import type { PhotoBytes } from '#shared/photo-data.js';
import { ApiError } from '#client/lib/api.js';
import {
  forgetRejection,
  rememberRejection,
  useHandoverRejection,
} from '#client/lib/handover-rejections.js';

export type ProofPanel = 'none' | 'code' | 'return';

/**
 * What the courier adds to the last step: the photo, the buyer's code (asked again, with the
 * server's words, after a refusal, also one that came back from the outbox after a reload), or
 * why the item goes back.
 */
export function useDropOffProof(
  courierId: number,
  deliveryId: number,
  status: DeliveryStatus | undefined,
) {
  const [panel, setPanel] = useState<ProofPanel>('none');
  const [photo, setPhoto] = useState<PhotoBytes | null>(null);
  const rejection = useHandoverRejection(courierId, deliveryId);

  // Only a delivery still Picked Up asks for a code. The refusal is not forgotten when the
  // screen shows another status: that may be the saved copy of the refused drop-off itself,
  // shown for a moment after a reload until the server's answer replaces it.
  const shown: ProofPanel =
    status !== 'Picked Up' ? 'none' : panel === 'none' && rejection ? 'code' : panel;
  return {
    panel: shown,
    refusal: rejection?.message ?? null,
    photo,
    setPhoto,
    open: setPanel,
    back: () => {
      forgetRejection(courierId, deliveryId);
      setPanel('none');
    },
    /** The photo to send with a drop-off, if one was taken. */
    photoDetails: (): OutboxDetails | undefined => (photo ? { photo } : undefined),
    /** A new try: the last refusal no longer stands. */
    submitting: () => {
      forgetRejection(courierId, deliveryId);
      setPanel('none');
    },
    /** The server has it, or the outbox keeps it. */
    sent: () => setPhoto(null),
    /** Refused at once (online): a refused code brings the code entry back with the reason. */
    refused: (status: string, error: Error) => {
      if (status !== 'Delivered' || !(error instanceof ApiError)) return;
      if (error.status === 422 || error.status === 429)
        rememberRejection({ courierId, deliveryId, message: error.message, at: Date.now() });
    },
  };
}

export type DropOffProofState = ReturnType<typeof useDropOffProof>;
