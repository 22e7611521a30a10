import { useState } from 'react';
import { CATEGORIES, LIMITS } from '#shared/constants.js';
import type { CreateListingBody } from '#shared/schemas/listings.js';
import { FormAlert, SelectField, TextAreaField, TextField } from '#client/components/ui/fields.js';
import { createListing, readAsDataUrl } from './create-listing-api';
import { ImageField } from './image-field';
import { ConditionField, ListingFormButtons, PriceField } from './listing-fields';
import { checkImage, checkNewListing, parsePrice, type NewListingForm } from './listing-rules';
import { useListingForm, type ListingFormProps } from './use-listing-form';

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
  const { form, setForm, problem, setProblem, failure, busy, field, submit } = useListingForm(
    EMPTY,
    {
      check: checkNewListing,
      controlId: (name) => (name === 'image' ? 'listing-image' : `listing-${name}`),
      errorId: 'new-listing-error',
      onCreated,
    },
  );
  const [progress, setProgress] = useState(0);

  const create = submit(async (key) => {
    setProgress(0);
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
    return createListing(body, setProgress, key.for(sameListing));
  }, onBusyChange);

  return (
    <form className="form" onSubmit={create} noValidate aria-describedby="new-listing-status">
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
            <label htmlFor="listing-progress">Uploading… {Math.round(progress * 100)}%</label>
            <progress id="listing-progress" max={100} value={Math.round(progress * 100)} />
          </div>
        )}
      </div>
      <ListingFormButtons busy={busy} busyText="Sending…" onBack={onBack} />
    </form>
  );
}
