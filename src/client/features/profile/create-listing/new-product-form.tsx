import { useState } from 'react';
import { CATEGORIES, LIMITS } from '#shared/constants.js';
import type { CreateListingBody } from '#shared/schemas/listings.js';
import { FormAlert, SelectField, TextAreaField, TextField } from '#client/components/ui/fields.js';
import { PhotoList, type PhotoItem } from '#client/components/listing-form/photo-list.js';
import { readAsDataUrl } from '#client/lib/upload.js';
import { createListing, creationError } from './create-listing-api';
import { ImageField } from './image-field';
import {
  ConditionField,
  ListingFormButtons,
  PriceField,
  type ListingFormProps,
} from '#client/components/listing-form/listing-fields.js';
import {
  bindFields,
  checkImage,
  checkNewListing,
  parsePrice,
  type NewListingForm,
  type RuleError,
} from '#client/components/listing-form/listing-rules.js';

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
  const [more, setMore] = useState<PhotoItem[]>([]);
  const [problem, setProblem] = useState<RuleError | null>(null);
  const [failure, setFailure] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
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
        ...(more.length > 0 && {
          photos: await Promise.all(
            more.map(async ({ file }) => ({
              thumbnail: await readAsDataUrl(file!),
              mimetype: file!.type as CreateListingBody['mimetype'],
            })),
          ),
        }),
      };
      const created = await createListing(body, setProgress);
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
      <PhotoList
        id="listing-more-photos"
        label="More photos (optional)"
        photos={more}
        onChange={setMore}
        max={LIMITS.photos - 1}
        onProblem={setProblem}
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
      <ListingFormButtons busy={busy} onBack={onBack} />
    </form>
  );
}
