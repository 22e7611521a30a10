import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CATEGORIES, LIMITS } from '#shared/constants.js';
import type { ListingDetail } from '#shared/schemas/listings.js';
import {
  ConditionField,
  ListingFormButtons,
  PriceField,
} from '#client/components/listing-form/listing-fields.js';
import {
  bindFields,
  checkListingEdit,
  type EditListingForm as Form,
  type RuleError,
} from '#client/components/listing-form/listing-rules.js';
import { PhotoList, type PhotoItem } from '#client/components/listing-form/photo-list.js';
import { FormAlert, SelectField, TextAreaField, TextField } from '#client/components/ui/fields.js';
import { editBody, editError, formOf, photosOf, saveEdit } from '../api/edit-listing-api';

const ERROR_ID = 'edit-listing-error';

/** Title, description, price, category, condition, discount and photos, as creation checks them. */
export function EditListingForm({ listing }: { listing: ListingDetail }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(() => formOf(listing));
  const [photos, setPhotos] = useState<PhotoItem[]>(() => photosOf(listing));
  const [problem, setProblem] = useState<RuleError | null>(null);
  const [failure, setFailure] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const field = bindFields(form, setForm, problem, ERROR_ID);
  const back = () => void navigate(`/productListing/${listing.listing_id}`);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure('');
    const rule = checkListingEdit(form, photos.length);
    setProblem(rule);
    if (rule) {
      document
        .getElementById(rule.field === 'image' ? 'edit-photos-add' : `edit-${rule.field}`)
        ?.focus();
      return;
    }
    setProgress(0);
    try {
      const body = await editBody(listing, form, photos);
      if (body) await saveEdit(client, listing.listing_id, body, setProgress);
      back();
    } catch (error) {
      setFailure(editError(error));
      setProgress(null);
    }
  };

  return (
    <form className="form card" onSubmit={submit} noValidate>
      <PhotoList
        id="edit-photos"
        label="Photos"
        photos={photos}
        onChange={setPhotos}
        max={LIMITS.photos}
        firstIsCover
        onProblem={setProblem}
        invalid={problem?.field === 'image'}
        describedBy={problem?.field === 'image' ? ERROR_ID : undefined}
      />
      <TextField
        id="edit-title"
        label="Title"
        maxLength={LIMITS.title}
        required
        {...field('title')}
      />
      <TextAreaField
        id="edit-description"
        label="Description"
        rows={4}
        maxLength={LIMITS.description}
        required
        {...field('description')}
      />
      <div className="field-pair">
        <PriceField id="edit-price" {...field('price')} />
        <TextField
          id="edit-discount"
          label="Discount (%)"
          inputMode="decimal"
          hint="Optional, 0 to 100."
          {...field('discount')}
        />
      </div>
      <div className="field-pair">
        <SelectField
          id="edit-category"
          label="Category"
          placeholder="Choose a category"
          options={CATEGORIES}
          {...field('category')}
        />
        <ConditionField id="edit-condition" {...field('condition')} />
      </div>
      <FormAlert id={ERROR_ID}>{problem?.message}</FormAlert>
      <FormAlert>{failure}</FormAlert>
      {busy && (
        <div className="upload-progress">
          <label htmlFor="edit-progress">Saving… {Math.round((progress ?? 0) * 100)}%</label>
          <progress id="edit-progress" max={100} value={Math.round((progress ?? 0) * 100)} />
        </div>
      )}
      <ListingFormButtons
        busy={busy}
        busyText="Saving…"
        onBack={back}
        backText="Cancel"
        submitText="Save changes"
      />
    </form>
  );
}
