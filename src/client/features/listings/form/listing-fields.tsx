import type { ReactNode } from 'react';
import { CATEGORIES, CONDITIONS, LIMITS } from '#shared/constants.js';
import {
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '#client/components/ui/fields.js';
import '#client/features/listings/form/listing-form.css';
import { Button } from '#client/components/ui/button.js';

interface FieldProps {
  id: string;
  value: string;
  onValue: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** The price box both listing forms share: text, so a phone shows the decimal keypad. */
export function PriceField(props: FieldProps) {
  return <TextField label="Price ($)" inputMode="decimal" required {...props} />;
}

/**
 * The discount in percent: optional, 0 to 100. The price field holds the price after it (what
 * buyers pay); buyers see the original struck through beside it.
 */
function DiscountField(props: FieldProps) {
  return (
    <TextField
      label="Discount (%)"
      inputMode="decimal"
      hint="Optional, 0 to 100: how far your price is below the original."
      {...props}
    />
  );
}

/** The price and the discount side by side, as creating and editing a product take them. */
export function PriceAndDiscount({
  idPrefix,
  price,
  discount,
}: {
  idPrefix: string;
  price: Omit<FieldProps, 'id'>;
  discount: Omit<FieldProps, 'id'>;
}) {
  return (
    <div className="field-pair">
      <PriceField id={`${idPrefix}-price`} {...price} />
      <DiscountField id={`${idPrefix}-discount`} {...discount} />
    </div>
  );
}

/** A listing's title, as creating and editing take it. */
function TitleField(props: FieldProps) {
  return <TextField label="Title" maxLength={LIMITS.title} required {...props} />;
}

/** A listing's description, as creating and editing take it. */
function DescriptionField(props: FieldProps) {
  return (
    <TextAreaField
      label="Description"
      rows={4}
      maxLength={LIMITS.description}
      required
      {...props}
    />
  );
}

/** A listing's category, as creating and editing take it. */
function CategoryField(props: FieldProps) {
  return (
    <SelectField label="Category" placeholder="Choose a category" options={CATEGORIES} {...props} />
  );
}

/** The condition choice both listing forms share. */
export function ConditionField(props: FieldProps) {
  return (
    <SelectField
      label="Condition"
      placeholder="Choose a condition"
      options={CONDITIONS}
      {...props}
    />
  );
}

/** Back and Create Listing (or another action), the listing forms' last row. */
export function ListingFormButtons({
  busy,
  busyText,
  onBack,
  backText = 'Back',
  submitText = 'Create Listing',
}: {
  busy: boolean;
  busyText?: string;
  onBack: () => void;
  backText?: string;
  submitText?: string;
}) {
  return (
    <div className="btn-row">
      <Button variant="outline" onClick={onBack} disabled={busy}>
        {backText}
      </Button>
      <SubmitButton busy={busy} busyText={busyText}>
        {submitText}
      </SubmitButton>
    </div>
  );
}

type Bind = (name: 'title' | 'description' | 'category' | 'condition') => Omit<FieldProps, 'id'>;

/**
 * What a seller writes about a new or edited listing, in the order of the forms: title,
 * description, then `children` (the price row), then category and condition side by side.
 */
export function ListingFields({
  idPrefix,
  field,
  children,
}: {
  idPrefix: string;
  /** The form's bindFields. */
  field: Bind;
  children: ReactNode;
}) {
  return (
    <>
      <TitleField id={`${idPrefix}-title`} {...field('title')} />
      <DescriptionField id={`${idPrefix}-description`} {...field('description')} />
      {children}
      <div className="field-pair">
        <CategoryField id={`${idPrefix}-category`} {...field('category')} />
        <ConditionField id={`${idPrefix}-condition`} {...field('condition')} />
      </div>
    </>
  );
}
