import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '#shared/constants.js';
import type { ListingDetail } from '#shared/schemas/listings.js';
import {
  ListingFields,
  ListingFormButtons,
  PriceAndDiscount,
} from '#client/features/listings/form/listing-fields.js';
import { checkListingEdit } from '#client/features/listings/form/listing-rules.js';
import { PhotoList, type PhotoItem } from '#client/features/listings/form/photo-list.js';
import { UploadProgress } from '#client/features/listings/form/upload-progress.js';
import { useListingForm } from '#client/features/listings/form/use-listing-form.js';
import { Form, FormAlert } from '#client/components/ui/fields.js';
import {
  editBody,
  editError,
  formOf,
  photoItemsOf,
  useSaveListingEdit,
} from '../api/edit-listing-api';

const ERROR_ID = 'edit-listing-error';

/** Title, description, price, category, condition, discount and photos, as creation checks them. */
export function EditListingForm({ listing }: { listing: ListingDetail }) {
  const saveEdit = useSaveListingEdit(listing.listing_id);
  const navigate = useNavigate();
  const [photos, setPhotos] = useState<PhotoItem[]>(() => photoItemsOf(listing));
  const [progress, setProgress] = useState(0);
  const { form, problem, setProblem, failure, busy, field, submit } = useListingForm(
    () => formOf(listing),
    {
      check: (edited) => checkListingEdit(edited, photos.length),
      controlId: (name) => (name === 'image' ? 'edit-photos-add' : `edit-${name}`),
      errorId: ERROR_ID,
      failure: editError,
    },
  );
  const back = () => void navigate(`/productListing/${listing.listing_id}`);

  const save = submit(async () => {
    setProgress(0);
    const body = await editBody(listing, form, photos);
    if (body) await saveEdit.mutateAsync({ body, onProgress: setProgress });
    back();
  });

  return (
    <Form className="form card" onSubmit={save}>
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
      <ListingFields idPrefix="edit" field={field}>
        <PriceAndDiscount idPrefix="edit" price={field('price')} discount={field('discount')} />
      </ListingFields>
      <FormAlert id={ERROR_ID}>{problem?.message}</FormAlert>
      <FormAlert>{failure}</FormAlert>
      {busy && <UploadProgress id="edit-progress" text="Saving…" fraction={progress} />}
      <ListingFormButtons
        busy={busy}
        busyText="Saving…"
        onBack={back}
        backText="Cancel"
        submitText="Save changes"
      />
    </Form>
  );
}
