import { useState } from 'react';
import { CATEGORIES, LIMITS } from '#shared/constants.js';
import type { CreateListingBody } from '#shared/schemas/listings.js';
import { FormAlert, SelectField, TextAreaField, TextField } from '#client/components/ui/fields.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import { createListing, creationError, readAsDataUrl } from './create-listing-api';
import { ImageField } from './image-field';
import {
  ConditionField,
  ListingFormButtons,
  PriceField,
  type ListingFormProps,
} from './listing-fields';
import {
  bindFields,
  checkImage,
  checkNewListing,
  parsePrice,
  type NewListingForm,
  type RuleError,
} from './listing-rules';

interface Props extends ListingFormProps {
  onBusyChange: (busy: boolean) => void;
}

const EMPTY: NewListingForm = {
  file: null,
  title: '',
  description: '',
  price: '',
  category: '',
  condition: '',
};

export function NewProductForm({ vendorId, onCreated, onBack, onBusyChange }: Props) {
  const [form, setForm] = useState<NewListingForm>(EMPTY);
  const [problem, setProblem] = useState<RuleError | null>(null);
  const [failure, setFailure] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const key = useSendKey();
  const field = bindFields(form, setForm, problem, 'new-listing-error');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure('');
    const rule = checkNewListing(form);
    setProblem(rule);
    if (rule) {
      document
        .getElementById(rule.field === 'image' ? 'listing-image' : `listing-${rule.field}`)
        ?.focus();
      return;
    }
    setProgress(0);
    onBusyChange(true);
    try {
      const file = form.file!;
      const body: CreateListingBody = {
        thumbnail: await readAsDataUrl(file),
        mimetype: file.type as CreateListingBody['mimetype'],
        title: form.title.trim(),
        price: parsePrice(form.price) as number,
        description: form.description.trim(),
        category: form.category as CreateListingBody['category'],
        conditions: form.condition as CreateListingBody['conditions'],
        vendor_id: vendorId,
      };
      // The same form sent again (after a failure) is the same listing: the same key.
      const { file: _file, ...fields } = form;
      const sameListing = { ...fields, file: [file.name, file.size, file.lastModified] };
      const created = await createListing(body, setProgress, key.for(sameListing));
      onCreated(created.listing_id);
    } catch (error) {
      setFailure(creationError(error));
      setProgress(null);
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-describedby="new-listing-status">
      <ImageField
        invalid={problem?.field === 'image'}
        describedBy={problem?.field === 'image' ? 'new-listing-error' : undefined}
        onChange={(file) => {
          setForm({ ...form, file });
          const rule = file ? checkImage(file) : null;
          setProblem(rule);
        }}
      />
      <TextField
        id="listing-title"
        label="Title"
        maxLength={LIMITS.title}
        required
        {...field('title')}
      />
      <TextAreaField
        id="listing-description"
        label="Description"
        rows={4}
        maxLength={LIMITS.description}
        required
        {...field('description')}
      />
      <PriceField id="listing-price" {...field('price')} />
      <div className="field-pair">
        <SelectField
          id="listing-category"
          label="Category"
          placeholder="Choose a category"
          options={CATEGORIES}
          {...field('category')}
        />
        <ConditionField id="listing-condition" {...field('condition')} />
      </div>
      <div id="new-listing-status">
        <FormAlert id="new-listing-error">{problem?.message}</FormAlert>
        <FormAlert>{failure}</FormAlert>
        {busy && (
          <div className="upload-progress">
            <label htmlFor="listing-progress">
              Uploading… {Math.round((progress ?? 0) * 100)}%
            </label>
            <progress id="listing-progress" max={100} value={Math.round((progress ?? 0) * 100)} />
          </div>
        )}
      </div>
      <ListingFormButtons busy={busy} busyText="Sending…" onBack={onBack} />
    </form>
  );
}
