import { useState, type FormEvent } from 'react';
import { useSendKey, type SendKey } from '#client/lib/use-send-key.js';
import { creationError } from './create-listing-api';
import { bindFields, type ListingField, type RuleError } from './listing-rules';

/** What both listing forms are given: whose listing, and where to go after. */
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
  onCreated: ListingFormProps['onCreated'];
}

/**
 * A listing form's state and its submit, the same for a new product and a listed-again one:
 * the rules first (the problem shown, focus on its field), then `create`, then on to the new
 * listing; a failed create shows why, in the server's words, and leaves the form to be sent
 * again with the same key.
 */
export function useListingForm<F extends object>(initial: F, rules: Rules<F>) {
  const [form, setForm] = useState(initial);
  const [problem, setProblem] = useState<RuleError | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useSendKey();

  const submit =
    (
      create: (key: SendKey) => Promise<{ listing_id: number }>,
      onBusyChange?: (busy: boolean) => void,
    ) =>
    async (event: FormEvent) => {
      event.preventDefault();
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
        rules.onCreated((await create(key)).listing_id);
      } catch (error) {
        setFailure(creationError(error));
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
