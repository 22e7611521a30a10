import { useState } from 'react';
import { useSendKey, type SendKey } from '#client/lib/use-send-key.js';
import { bindFields, type ListingField, type RuleError } from './listing-rules';

/** What the forms that create a listing are given: whose listing, and where to go after. */
export interface ListingFormProps {
  vendorId: number;
  onCreated: (listingId: number) => void;
  onBack: () => void;
}

interface Rules<F> {
  /** The first rule the form breaks, if any. */
  check: (form: F) => RuleError | null;
  /** The id of the control a broken rule puts focus on. */
  controlId: (field: ListingField) => string;
  /** The id of the message a flagged field is described by. */
  errorId?: string;
  /** Why sending failed, in the server's words when it gave some. */
  failure: (error: unknown) => string;
}

/**
 * A listing form's state and its submit, the same for a new product, a listed-again one and an
 * edit: the rules first (the problem shown, focus on its field), then `send`, which goes on to
 * the next screen; a failed send shows why and leaves the form to be sent again with the same
 * key.
 */
export function useListingForm<F extends object>(initial: F | (() => F), rules: Rules<F>) {
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<RuleError | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useSendKey();

  const submit =
    (send: (key: SendKey) => Promise<void>, onBusyChange?: (busy: boolean) => void) => async () => {
      setFailure('');
      const rule = rules.check(form);
      setProblem(rule);
      if (rule) {
        document.getElementById(rules.controlId(rule.field))?.focus();
        return;
      }
      setBusy(true);
      onBusyChange?.(true);
      try {
        await send(key);
      } catch (error) {
        setFailure(rules.failure(error));
        setBusy(false);
      } finally {
        onBusyChange?.(false);
      }
    };

  return {
    form,
    setForm,
    problem,
    setProblem,
    failure,
    busy,
    field: bindFields(form, setForm, problem, rules.errorId),
    submit,
  };
}
