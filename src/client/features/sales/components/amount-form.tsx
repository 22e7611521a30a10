import { useState } from 'react';
import type { z } from 'zod';
import { LIMITS } from '#shared/constants.js';
import type { SaleRequest } from '#shared/outbox.js';
import { makeOfferBody, offerAmount } from '#shared/schemas/sales.js';
import { TextAreaField, TextField } from '#client/components/ui/fields.js';
import { ModalForm } from '#client/components/ui/modal-form.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { useSaleStep } from '../api/sale-steps';

interface Props {
  userId: number;
  /** "Make an offer", "Counter", "Offer again". */
  title: string;
  submitLabel: string;
  /** What the amount answers ("The seller asks $40.00."), under the field. */
  hint: string;
  /** A first offer carries a note to the seller; a counter or an offer again does not. */
  withNote?: boolean;
  /** The step the amount (and note) make. */
  toStep: (amount: number, note: string) => SaleRequest;
  onClose: () => void;
}

/** The first problem `schema` finds in `value`, in the server's words, or null. */
function problemOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check this.');
}

/**
 * An amount in dollars (and, for a first offer, a note), checked with the server's own schema
 * and sent as a step of the sale: at once, or kept waiting for the network.
 */
export function AmountForm({ userId, title, submitLabel, hint, withNote, toStep, onClose }: Props) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const { problem, require } = useFormCheck();
  // Which field the problem is about: it is marked invalid and gets focus.
  const [problemField, setProblemField] = useState('');
  const check = (message: string | null, fieldId: string) => {
    setProblemField(message === null ? '' : fieldId);
    return require(message === null, message ?? '', fieldId);
  };
  const step = useSaleStep(userId);
  const key = useSendKey();

  const submit = () => {
    // "$30" and " 30 " are what people type: the schema reads the number itself.
    const text = amount.trim().replace(/^\$\s*/, '');
    if (!check(problemOf(offerAmount, text), 'offer-amount')) return;
    if (withNote && !check(problemOf(makeOfferBody.shape.note, note), 'offer-note')) return;
    const request = toStep(Number(text), withNote ? note.trim() : '');
    step.mutate(
      { request, key: key.for(request.body) },
      {
        onSuccess: () => {
          key.done();
          onClose();
        },
      },
    );
  };

  return (
    <ModalForm
      title={title}
      onClose={onClose}
      onSubmit={submit}
      sending={step}
      problem={problem}
      failure="Could not send"
      submitLabel={submitLabel}
    >
      <TextField
        id="offer-amount"
        label="Amount (in dollars)"
        inputMode="decimal"
        autoComplete="off"
        hint={hint}
        value={amount}
        invalid={problemField === 'offer-amount'}
        onValue={setAmount}
      />
      {withNote && (
        <TextAreaField
          id="offer-note"
          label="Note to the seller (optional)"
          rows={3}
          maxLength={LIMITS.specialRequest}
          invalid={problemField === 'offer-note'}
          value={note}
          onValue={setNote}
        />
      )}
    </ModalForm>
  );
}
