import type { RelistBody } from '#shared/schemas/listings.js';
import {
  ConditionField,
  ListingFormButtons,
  PriceField,
} from '#client/features/listings/form/listing-fields.js';
import {
  checkExistingListing,
  parsePrice,
  type ExistingListingForm,
} from '#client/features/listings/form/listing-rules.js';
import {
  useListingForm,
  type ListingFormProps,
} from '#client/features/listings/form/use-listing-form.js';
import { Form, FormAlert, SelectField } from '#client/components/ui/fields.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { EmptyNote, ErrorNote, LoadingNote } from '#client/components/ui/status.js';
import { creationError, useRelistProduct, useVendorProducts } from './create-listing-api';
import { Button } from '#client/components/ui/button.js';

interface Props extends ListingFormProps {
  onNewProduct: () => void;
}

/** List one of the vendor's products again: product, price, condition. */
export function ExistingProductForm({ vendorId, onCreated, onBack, onNewProduct }: Props) {
  const products = useVendorProducts(vendorId);
  const relistProduct = useRelistProduct();
  const { form, problem, failure, busy, field, submit } = useListingForm<ExistingListingForm>(
    { productId: '', price: '', condition: '' },
    { check: checkExistingListing, controlId: (name) => `relist-${name}`, failure: creationError },
  );

  if (products.isPending) return <LoadingNote>Loading your products…</LoadingNote>;
  if (products.isError)
    return <ErrorNote error={products.error} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) {
    return (
      <>
        <EmptyNote>You have no products yet. Create a new product first.</EmptyNote>
        <div className="btn-row">
          <Button variant="outline" onClick={onBack}>
            Back
          </Button>
          <Button onClick={onNewProduct}>New Product</Button>
        </div>
      </>
    );
  }
  const chosen = products.data.find((p) => String(p.product_id) === form.productId);
  const relist = submit(async (key) => {
    const body: RelistBody = {
      product_id: Number(form.productId),
      price: parsePrice(form.price) as number,
      conditions: form.condition as RelistBody['conditions'],
      vendor_id: vendorId,
    };
    onCreated((await relistProduct.mutateAsync({ body, key: key.for(body) })).listing_id);
  });

  return (
    <Form className="form" onSubmit={relist}>
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
      <ListingFormButtons busy={busy} busyText="Sending…" onBack={onBack} />
    </Form>
  );
}
