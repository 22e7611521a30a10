import { useState } from 'react';
import { LIMITS } from '#shared/constants.js';
import type { CreateListingBody } from '#shared/schemas/listings.js';
import {
  ListingFields,
  ListingFormButtons,
  PriceAndDiscount,
} from '#client/features/listings/form/listing-fields.js';
import {
  checkImage,
  checkNewListing,
  parseDiscount,
  parsePrice,
  type NewListingForm,
} from '#client/features/listings/form/listing-rules.js';
import { PhotoList, type PhotoItem } from '#client/features/listings/form/photo-list.js';
import { UploadProgress } from '#client/features/listings/form/upload-progress.js';
import {
  useListingForm,
  type ListingFormProps,
} from '#client/features/listings/form/use-listing-form.js';
import { Form, FormAlert } from '#client/components/ui/fields.js';
import { photoUploads, readAsDataUrl } from '#client/lib/upload.js';
import { creationError, useCreateListing } from './create-listing-api';
import { ImageField } from './image-field';

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
  discount: '',
};

export function NewProductForm({ vendorId, onCreated, onBack, onBusyChange }: Props) {
  const { form, setForm, problem, setProblem, failure, busy, field, submit } = useListingForm(
    EMPTY,
    {
      check: checkNewListing,
      controlId: (name) => (name === 'image' ? 'listing-image' : `listing-${name}`),
      errorId: 'new-listing-error',
      failure: creationError,
    },
  );
  const [more, setMore] = useState<PhotoItem[]>([]);
  const [progress, setProgress] = useState(0);
  const createListing = useCreateListing();

  const create = submit(async (key) => {
    setProgress(0);
    const file = form.file!;
    const discount = parseDiscount(form.discount) as number;
    const body: CreateListingBody = {
      thumbnail: await readAsDataUrl(file),
      mimetype: file.type as CreateListingBody['mimetype'],
      title: form.title.trim(),
      price: parsePrice(form.price) as number,
      description: form.description.trim(),
      category: form.category as CreateListingBody['category'],
      conditions: form.condition as CreateListingBody['conditions'],
      vendor_id: vendorId,
      ...(discount > 0 && { discount }),
      ...(more.length > 0 && { photos: await photoUploads(more.map((photo) => photo.file!)) }),
    };
    // The same form sent again (after a failure) is the same listing: the same key.
    const { file: _file, ...fields } = form;
    const sameListing = {
      ...fields,
      files: [file, ...more.map((photo) => photo.file!)].map((f) => [
        f.name,
        f.size,
        f.lastModified,
      ]),
    };
    const created = await createListing.mutateAsync({
      body,
      key: key.for(sameListing),
      onProgress: setProgress,
    });
    onCreated(created.listing_id);
  }, onBusyChange);

  return (
    <Form className="form" onSubmit={create} aria-describedby="new-listing-status">
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
      <ListingFields idPrefix="listing" field={field}>
        <PriceAndDiscount idPrefix="listing" price={field('price')} discount={field('discount')} />
      </ListingFields>
      <div id="new-listing-status">
        <FormAlert id="new-listing-error">{problem?.message}</FormAlert>
        <FormAlert>{failure}</FormAlert>
        {busy && <UploadProgress id="listing-progress" text="Uploading…" fraction={progress} />}
      </div>
      <ListingFormButtons busy={busy} busyText="Sending…" onBack={onBack} />
    </Form>
  );
}
