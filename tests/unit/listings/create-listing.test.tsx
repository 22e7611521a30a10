import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateListingModal } from '#client/features/listings/create/create-listing-modal.js';
import { IMAGE_MAX_BYTES } from '#shared/constants.js';
import { never, offline, reply, stubApi } from '../support/fetch-stub';
import { renderAt } from '../support/render';
import { stubXhr, xhrStub } from '../support/xhr';
import { NO_ANSWER_MESSAGE } from '#client/components/ui/status.js';

const xhr = xhrStub();
beforeEach(() => {
  stubXhr(xhr, {
    status: 201,
    body: { listing_id: 77, product_id: 70, thumbnail: '/uploads/x.webp' },
  });
});

const png = (name = 'lamp.png', size?: number) => {
  const file = new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, {
    type: 'image/png',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

function open() {
  const onClose = vi.fn();
  const r = renderAt(<CreateListingModal vendorId={7} onClose={onClose} />, { path: '/p' });
  return { ...r, onClose };
}

async function chooseNew(user: ReturnType<typeof open>['user']) {
  await user.click(screen.getByRole('button', { name: /New Product/ }));
}

/** The form, with nothing else answered, on its New Product step: the user who fills it in. */
async function openNew() {
  stubApi({});
  const { user } = open();
  await chooseNew(user);
  return user;
}

/** Taps Create Listing: the form says `message` and sends nothing. */
async function expectRefusedOnCreate(user: ReturnType<typeof open>['user'], message: string) {
  await user.click(screen.getByRole('button', { name: 'Create Listing' }));
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(xhr.sent).toHaveLength(0);
}

async function fillNew(
  user: ReturnType<typeof open>['user'],
  {
    price = '12.50',
    title = 'Desk lamp',
    description = 'Bright',
    category = 'Furniture',
    condition = 'New',
  } = {},
) {
  if (title) await user.type(screen.getByLabelText('Title'), title);
  if (description) await user.type(screen.getByLabelText('Description'), description);
  if (price) await user.type(screen.getByLabelText('Price ($)'), price);
  if (category) await user.selectOptions(screen.getByLabelText('Category'), category);
  if (condition) await user.selectOptions(screen.getByLabelText('Condition'), condition);
}

describe('create listing modal', () => {
  it('starts with the choice between New Product and Existing Product', () => {
    stubApi({});
    open();
    expect(screen.getByRole('dialog', { name: 'Create Listing' })).toBeVisible();
    expect(screen.getByRole('button', { name: /New Product/ })).toBeVisible();
    expect(screen.getByRole('button', { name: /Existing Product/ })).toBeVisible();
  });

  it('closes with Escape and with the close button', async () => {
    stubApi({});
    const { user, onClose } = open();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('requires an image: "Please upload an image."', async () => {
    const user = await openNew();
    await fillNew(user);
    await expectRefusedOnCreate(user, 'Please upload an image.');
  });

  it('refuses images over 10 MB: "Image must be 10MB or less."', async () => {
    const user = await openNew();
    await user.upload(screen.getByLabelText('Image'), png('big.png', IMAGE_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('Image must be 10MB or less.');
    await fillNew(user);
    await expectRefusedOnCreate(user, 'Image must be 10MB or less.');
  });

  it('accepts an image of exactly 10 MB', async () => {
    const user = await openNew();
    await user.upload(screen.getByLabelText('Image'), png('ok.png', IMAGE_MAX_BYTES));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['', 'abc', '12,5', '$'])('refuses the price %j', async (price) => {
    const user = await openNew();
    await user.upload(screen.getByLabelText('Image'), png());
    await fillNew(user, { price });
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter a valid numeric value for the price.',
    );
    expect(screen.getByLabelText('Price ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(xhr.sent).toHaveLength(0);
  });

  it.each([
    ['title', 'Please enter a title.'],
    ['description', 'Please enter a description.'],
    ['category', 'Please choose a category.'],
    ['condition', 'Please choose a condition.'],
  ])('requires the %s', async (field, message) => {
    const user = await openNew();
    await user.upload(screen.getByLabelText('Image'), png());
    await fillNew(user, { [field]: '' });
    await expectRefusedOnCreate(user, message);
  });

  it('uploads the image as a base64 data URL with its mimetype, then says "Listing created!"', async () => {
    const user = await openNew();
    await user.upload(screen.getByLabelText('Image'), png());
    expect(screen.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await fillNew(user);
    xhr.hold = true;
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(await screen.findByText(/Uploading… 50%/)).toBeVisible();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '50');
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    xhr.respond!();
    expect(await screen.findByRole('status')).toHaveTextContent('Listing created!');
    expect(screen.getByRole('link', { name: 'View listing' })).toHaveAttribute(
      'href',
      '/productListing/77',
    );
    expect(xhr.sent[0]!.url).toBe('/api/listing');
    expect(xhr.sent[0]!.body).toEqual({
      thumbnail: 'data:image/png;base64,iVBORw0KGgo=',
      mimetype: 'image/png',
      title: 'Desk lamp',
      price: 12.5,
      description: 'Bright',
      category: 'Furniture',
      conditions: 'New',
      vendor_id: 7,
    });
  });

  it('takes an optional discount in percent, from 0 to 100', async () => {
    const user = await openNew();
    await user.upload(screen.getByLabelText('Image'), png());
    await fillNew(user);
    const discount = screen.getByLabelText(/Discount \(%\)/);
    await user.type(discount, '150');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Discount must be a number from 0 to 100.');
    expect(discount).toHaveAttribute('aria-invalid', 'true');
    expect(xhr.sent).toHaveLength(0);
    await user.clear(discount);
    await user.type(discount, '20');
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Listing created!');
    expect(xhr.sent[0]!.body).toMatchObject({ price: 12.5, discount: 20 });
  });

  it('shows "Error creating listing: {message}" when the server refuses', async () => {
    xhr.answer = { status: 400, body: { message: 'That file is not an image we can read.' } };
    const user = await openNew();
    await user.upload(screen.getByLabelText('Image'), png());
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(
      await screen.findByText('Error creating listing: That file is not an image we can read.'),
    ).toBeVisible();
  });

  it('falls back to "Failed to create listing" when there is no server message', async () => {
    xhr.answer = 'network-error';
    const user = await openNew();
    await user.upload(screen.getByLabelText('Image'), png());
    await fillNew(user);
    await user.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(
      await screen.findByText('Error creating listing: Failed to create listing'),
    ).toBeVisible();
  });

  describe('existing product', () => {
    const products = [
      {
        product_id: 5,
        vendor_id: 7,
        title: 'Old lamp',
        description: 'd',
        category: 'Furniture',
        thumbnail: null,
      },
      {
        product_id: 6,
        vendor_id: 7,
        title: 'Old chair',
        description: 'd',
        category: 'Furniture',
        thumbnail: null,
      },
    ];

    it('loads the vendor’s products, requires product, price and condition, then relists', async () => {
      const api = stubApi({
        'GET /api/product/vendor/7': products,
        'POST /api/listing/existing': reply(201, {
          listing_id: 90,
          product_id: 6,
          thumbnail: null,
        }),
      });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: /Existing Product/ }));
      const product = await screen.findByLabelText('Product');
      await user.click(screen.getByRole('button', { name: 'Create Listing' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please choose a product.');
      await user.selectOptions(product, 'Old chair');
      await user.type(screen.getByLabelText('Price ($)'), 'ten');
      await user.click(screen.getByRole('button', { name: 'Create Listing' }));
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Please enter a valid numeric value for the price.',
      );
      await user.clear(screen.getByLabelText('Price ($)'));
      await user.type(screen.getByLabelText('Price ($)'), '10');
      await user.click(screen.getByRole('button', { name: 'Create Listing' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Please choose a condition.');
      await user.selectOptions(screen.getByLabelText('Condition'), 'Used - Fair');
      await user.click(screen.getByRole('button', { name: 'Create Listing' }));
      expect(await screen.findByText('Listing created!', { selector: 'p' })).toBeVisible();
      expect(api.callsTo('POST /api/listing/existing')[0]!.body).toEqual({
        product_id: 6,
        price: 10,
        conditions: 'Used - Fair',
        vendor_id: 7,
      });
    });

    it('shows a loading state while the products load', async () => {
      stubApi({ 'GET /api/product/vendor/7': never });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: /Existing Product/ }));
      expect(screen.getByRole('status')).toHaveTextContent('Loading your products…');
    });

    it('explains when there are no products yet', async () => {
      stubApi({ 'GET /api/product/vendor/7': [] });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: /Existing Product/ }));
      expect(
        await screen.findByText('You have no products yet. Create a new product first.'),
      ).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'New Product' }));
      expect(screen.getByRole('dialog', { name: 'New Product' })).toBeVisible();
    });

    it('shows the server error on failure', async () => {
      stubApi({
        'GET /api/product/vendor/7': products,
        'POST /api/listing/existing': reply(403, {
          message: 'You can only relist your own products.',
        }),
      });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: /Existing Product/ }));
      await user.selectOptions(await screen.findByLabelText('Product'), 'Old lamp');
      await user.type(screen.getByLabelText('Price ($)'), '3');
      await user.selectOptions(screen.getByLabelText('Condition'), 'New');
      await user.click(screen.getByRole('button', { name: 'Create Listing' }));
      expect(
        await screen.findByText('Error creating listing: You can only relist your own products.'),
      ).toBeVisible();
    });

    it('shows an error when the products cannot load', async () => {
      stubApi({ 'GET /api/product/vendor/7': offline });
      const { user } = open();
      await user.click(screen.getByRole('button', { name: /Existing Product/ }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(NO_ANSWER_MESSAGE));
    });
  });
});
