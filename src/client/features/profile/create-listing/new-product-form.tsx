import { useState } from 'react';
import { CATEGORIES, LIMITS } from '#shared/constants.js';
import type { CreateListingBody } from '#shared/schemas/listings.js';
import { createListing, creationError, readAsDataUrl } from './create-listing-api';
import { ImageField } from './image-field';
import { ConditionField, PriceField } from './listing-fields';
import {
  checkImage,
  checkNewListing,
  parsePrice,
  type NewListingForm,
  type RuleError,
} from './listing-rules';

interface Props {
  vendorId: number;
  onCreated: (listingId: number) => void;
  onBack: () => void;
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
  const invalid = (field: RuleError['field']) => problem?.field === field || undefined;
  const errorFor = (field: RuleError['field']) =>
    problem?.field === field ? 'new-listing-error' : undefined;

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
        describedBy={errorFor('image')}
        onChange={(file) => {
          setForm({ ...form, file });
          const rule = file ? checkImage(file) : null;
          setProblem(rule);
        }}
      />
      <div className="field">
        <label htmlFor="listing-title">Title</label>
        <input
          id="listing-title"
          value={form.title}
          maxLength={LIMITS.title}
          required
          aria-invalid={invalid('title')}
          aria-describedby={errorFor('title')}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="listing-description">Description</label>
        <textarea
          id="listing-description"
          rows={4}
          value={form.description}
          maxLength={LIMITS.description}
          required
          aria-invalid={invalid('description')}
          aria-describedby={errorFor('description')}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
        />
      </div>
      <PriceField
        id="listing-price"
        value={form.price}
        invalid={invalid('price')}
        describedBy={errorFor('price')}
        onChange={(price) => setForm({ ...form, price })}
      />
      <div className="field-pair">
        <div className="field">
          <label htmlFor="listing-category">Category</label>
          <select
            id="listing-category"
            value={form.category}
            required
            aria-invalid={invalid('category')}
            aria-describedby={errorFor('category')}
            onChange={(e) => setForm({ ...form, category: e.target.value })}
          >
            <option value="">Choose a category</option>
            {CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <ConditionField
          id="listing-condition"
          value={form.condition}
          invalid={invalid('condition')}
          describedBy={errorFor('condition')}
          onChange={(condition) => setForm({ ...form, condition })}
        />
      </div>
      <div id="new-listing-status">
        {problem && (
          <p id="new-listing-error" className="form-error" role="alert">
            {problem.message}
          </p>
        )}
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        {busy && (
          <div className="upload-progress">
            <label htmlFor="listing-progress">
              Uploading… {Math.round((progress ?? 0) * 100)}%
            </label>
            <progress id="listing-progress" max={100} value={Math.round((progress ?? 0) * 100)} />
          </div>
        )}
      </div>
      <div className="btn-row">
        <button type="button" className="btn btn-outline" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="submit" className="btn" disabled={busy}>
          Create Listing
        </button>
      </div>
    </form>
  );
}
