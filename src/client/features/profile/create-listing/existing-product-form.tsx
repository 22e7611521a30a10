import { useState } from 'react';
import type { RelistBody } from '#shared/schemas/listings.js';
import { FormAlert, SelectField } from '#client/components/ui/fields.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { EmptyNote, ErrorNote, LoadingNote } from '#client/components/ui/status.js';
import { creationError, relistProduct, useVendorProducts } from './create-listing-api';
import {
  ConditionField,
  ListingFormButtons,
  PriceField,
  type ListingFormProps,
} from '#client/components/listing-form/listing-fields.js';
import {
  bindFields,
  checkExistingListing,
  parsePrice,
  type ExistingListingForm,
  type RuleError,
} from '#client/components/listing-form/listing-rules.js';

interface Props extends ListingFormProps {
  onNewProduct: () => void;
}

/** List one of the vendor's products again: product, price, condition. */
export function ExistingProductForm({ vendorId, onCreated, onBack, onNewProduct }: Props) {
  const products = useVendorProducts(vendorId);
  const [form, setForm] = useState<ExistingListingForm>({
    productId: '',
    price: '',
    condition: '',
  });
  const [problem, setProblem] = useState<RuleError | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  if (products.isPending) return <LoadingNote>Loading your products…</LoadingNote>;
  if (products.isError)
    return <ErrorNote error={products.error} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) {
    return (
      <>
        <EmptyNote>You have no products yet. Create a new product first.</EmptyNote>
        <div className="btn-row">
          <button type="button" className="btn btn-outline" onClick={onBack}>
            Back
          </button>
          <button type="button" className="btn" onClick={onNewProduct}>
            New Product
          </button>
        </div>
      </>
    );
  }
  const chosen = products.data.find((p) => String(p.product_id) === form.productId);
  const field = bindFields(form, setForm, problem);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure('');
    const rule = checkExistingListing(form);
    setProblem(rule);
    if (rule) {
      document.getElementById(`relist-${rule.field}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const body: RelistBody = {
        product_id: Number(form.productId),
        price: parsePrice(form.price) as number,
        conditions: form.condition as RelistBody['conditions'],
        vendor_id: vendorId,
      };
      const created = await relistProduct(body);
      onCreated(created.listing_id);
    } catch (error) {
      setFailure(creationError(error));
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <SelectField
        id="relist-product"
        label="Product"
        placeholder="Choose a product"
        options={products.data.map((p) => p.product_id)}
        optionLabel={(id) => products.data.find((p) => p.product_id === id)?.title ?? ''}
        {...field('productId', 'product')}
      />
      {chosen && (
        <div className="relist-preview">
          <ListingImage src={chosen.thumbnail} alt={chosen.title} width={96} height={96} />
          <p>
            <strong>{chosen.title}</strong>
            <br />
            {chosen.category}
          </p>
        </div>
      )}
      <div className="field-pair">
        <PriceField id="relist-price" {...field('price')} />
        <ConditionField id="relist-condition" {...field('condition')} />
      </div>
      <FormAlert>{problem?.message}</FormAlert>
      <FormAlert>{failure}</FormAlert>
      <ListingFormButtons busy={busy} busyText="Creating…" onBack={onBack} />
    </form>
  );
}
