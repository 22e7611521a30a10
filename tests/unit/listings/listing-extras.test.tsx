import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ListingDetail } from '#shared/schemas/listings.js';
import { Favorite } from '#client/components/favorite.js';
import { FavoritesPage } from '#client/features/listings/catalog/favorites-page.js';
import { SaveSearch } from '#client/features/listings/catalog/components/save-search.js';
import { PhotoGallery } from '#client/features/listings/components/photo-gallery.js';
import { EditListingPage } from '#client/features/listings/edit-listing-page.js';
import { makeListing, signIn } from '../support/data';
import { reply, stubApi } from '../support/fetch-stub';
import { currentPath, renderAt } from '../support/render';
import { stubXhr, xhrStub } from '../support/xhr';

const xhr = xhrStub();
beforeEach(() => {
  stubXhr(xhr, { status: 200, body: [] });
});

const PHOTOS = ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'];
const detail = (overrides: Partial<ListingDetail> = {}): ListingDetail => ({
  ...makeListing({ vendor_id: 7, thumbnail: PHOTOS[0]! }),
  photos: PHOTOS,
  ...overrides,
});
const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

const openEdit = () =>
  renderAt(<EditListingPage />, {
    path: '/editListing/:listingId',
    url: '/editListing/11',
  });

describe('edit listing screen', () => {
  it('sends only what changed, with the photos in their new order, then shows the listing', async () => {
    signIn();
    stubApi({ 'GET /api/listing/11': [detail()] });
    xhr.answer = { status: 200, body: [detail({ price: 9 })] };
    const { user, router } = openEdit();
    const price = await screen.findByLabelText('Price ($)');
    expect(screen.getByLabelText('Title')).toHaveValue('IKEA desk lamp');
    await user.clear(price);
    await user.type(price, '9');
    // The third photo becomes the cover, the second goes, a new one comes last.
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    const moved = screen.getByRole('button', { name: 'Move photo 2 earlier' });
    expect(moved).toHaveFocus();
    await user.click(moved);
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    await user.upload(screen.getByLabelText('Add photos'), png('side.png'));
    expect(screen.getByText(/3 of 5 photos, the first is the cover/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(currentPath(router)).toBe('/productListing/11'));
    expect(xhr.sent).toHaveLength(1);
    expect(xhr.sent[0]!.method).toBe('PATCH');
    expect(xhr.sent[0]!.url).toBe('/api/listing/11');
    expect(xhr.sent[0]!.body).toEqual({
      price: 9,
      photos: [
        { url: PHOTOS[2] },
        { url: PHOTOS[0] },
        { thumbnail: expect.stringMatching(/^data:image\/png;base64,/), mimetype: 'image/png' },
      ],
    });
  });

  it('checks the rules of creation first: the problem named, focus on its field', async () => {
    signIn();
    stubApi({ 'GET /api/listing/11': [detail()] });
    const { user } = openEdit();
    await user.clear(await screen.findByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a title.');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    for (let i = 0; i < 3; i++) {
      await user.click(screen.getAllByRole('button', { name: /^Remove/ })[0]!);
    }
    await user.type(screen.getByLabelText('Title'), 'Lamp');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload an image.');
    expect(xhr.sent).toHaveLength(0);
  });

  it('shows the server’s words when it refuses the edit', async () => {
    signIn();
    stubApi({ 'GET /api/listing/11': [detail()] });
    xhr.answer = { status: 409, body: { message: 'This listing is sold.', code: 'conflict' } };
    const { user } = openEdit();
    await user.type(await screen.findByLabelText('Description'), ' Barely used.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Could not save your changes: This listing is sold\./)).toBe(
      screen.getByRole('alert'),
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('says why a listing a buyer is waiting for cannot change, and keeps the form', async () => {
    signIn();
    stubApi({ 'GET /api/listing/11': [detail()] });
    const message =
      'A buyer has asked for this item: its title, description, price, condition and photos stay as they were agreed until the order is delivered, declined or cancelled. You can still mark it sold.';
    xhr.answer = { status: 409, body: { message, code: 'open_order' } };
    const { user } = openEdit();
    const price = await screen.findByLabelText('Price ($)');
    await user.clear(price);
    await user.type(price, '450');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Could not save your changes: ${message}`,
    );
    expect(screen.getByLabelText('Price ($)')).toHaveValue('450');
  });

  it("offers no form for someone else's listing", async () => {
    signIn();
    stubApi({ 'GET /api/listing/11': [detail({ vendor_id: 3 })] });
    openEdit();
    expect(await screen.findByText('You can only edit your own listings.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});

describe('photo gallery', () => {
  it('moves through the photos by keyboard and says which one shows', async () => {
    const { user } = renderAt(<PhotoGallery photos={PHOTOS} title="Desk lamp" />);
    const gallery = screen.getByRole('region', { name: 'Photos of Desk lamp' });
    const track = within(gallery).getByRole('group', { name: /^Photo 1 of 3\./ });
    track.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(gallery).getByText('Photo 2 of 3', { selector: '[aria-live]' })).toBeTruthy();
    expect(within(gallery).getByRole('button', { name: 'Show photo 2 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.keyboard('{End}');
    expect(within(gallery).getByRole('group', { name: /^Photo 3 of 3\./ })).toBe(track);
    await user.keyboard('{ArrowRight}');
    expect(within(gallery).getByRole('group', { name: /^Photo 1 of 3\./ })).toBe(track);
    await user.click(within(gallery).getByRole('button', { name: 'Previous photo' }));
    expect(within(gallery).getByRole('group', { name: /^Photo 3 of 3\./ })).toBe(track);
    // Only the photo shown is read; the others are hidden from screen readers.
    expect(within(gallery).getByRole('img', { name: 'Desk lamp, photo 3 of 3' })).toBeTruthy();
    expect(within(gallery).queryByRole('img', { name: 'Desk lamp' })).toBeNull();
  });

  it('is just the picture when there is one', () => {
    renderAt(<PhotoGallery photos={[PHOTOS[0]!]} title="Desk lamp" />);
    expect(screen.getByRole('img', { name: 'Desk lamp' })).toBeVisible();
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('favourites', () => {
  it('leads a visitor’s heart to sign in', () => {
    stubApi({});
    renderAt(<Favorite listing={makeListing()} />);
    expect(
      screen.getByRole('link', { name: 'Favourite: IKEA desk lamp (sign in)' }),
    ).toHaveAttribute('href', '/login');
  });

  it('keeps a listing with one tap, pressed while it is a favourite', async () => {
    signIn();
    const api = stubApi({
      'GET /api/favorites': [],
      'PUT /api/favorites/11': { listing_id: 11, favorite: true },
    });
    const { user } = renderAt(<Favorite listing={makeListing()} />);
    const heart = screen.getByRole('button', { name: 'Favourite: IKEA desk lamp' });
    await waitFor(() => expect(api.callsTo('GET /api/favorites')).toHaveLength(1));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    api.set('GET /api/favorites', [{ ...makeListing(), favorited_at: '2026-11-02T10:00:00Z' }]);
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('PUT /api/favorites/11')).toHaveLength(1);
  });

  it('shows no heart on the seller’s own listing', () => {
    signIn({ user_id: 3 });
    stubApi({ 'GET /api/favorites': [] });
    renderAt(<Favorite listing={makeListing()} />);
    expect(screen.queryByRole('button', { name: /Favourite/ })).toBeNull();
  });

  it('lists favourites and saved searches, each search to run again or delete', async () => {
    signIn();
    const api = stubApi({
      'GET /api/favorites': [{ ...makeListing(), favorited_at: '2026-11-02T10:00:00Z' }],
      'GET /api/saved-searches': [
        {
          saved_search_id: 4,
          title: 'lamp',
          category: 'Furniture',
          condition: 'Used - Good',
          created_at: '2026-11-02T10:00:00Z',
        },
      ],
      'DELETE /api/saved-searches/4': { message: 'Saved search deleted.' },
    });
    const { user } = renderAt(<FavoritesPage />, { path: '/favorites' });
    expect(await screen.findByRole('link', { name: 'IKEA desk lamp' })).toHaveAttribute(
      'href',
      '/productListing/11',
    );
    const words = '“lamp” in Furniture · Used - Good';
    expect(await screen.findByText(words)).toBeVisible();
    expect(screen.getByRole('link', { name: `Show results for ${words}` })).toHaveAttribute(
      'href',
      expect.stringContaining('title=lamp'),
    );
    api.set('GET /api/saved-searches', []);
    await user.click(screen.getByRole('button', { name: `Delete saved search: ${words}` }));
    expect(await screen.findByText(/No saved searches\./)).toBeVisible();
    expect(api.callsTo('DELETE /api/saved-searches/4')).toHaveLength(1);
  });
});

describe('save this search', () => {
  it('leads a visitor to sign in', () => {
    stubApi({});
    renderAt(<SaveSearch search={{ title: 'lamp' }} />);
    expect(screen.getByRole('link', { name: 'Save this search' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('keeps the search’s own fields, without paging, and says so', async () => {
    signIn();
    const api = stubApi({
      'POST /api/saved-searches': reply(201, { saved_search_id: 1, title: 'lamp', created_at: '' }),
    });
    const { user } = renderAt(
      <SaveSearch search={{ title: 'lamp', category: 'Furniture', limit: 24, offset: 0 }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Search saved: you will hear of new listings that match it.',
    );
    expect(api.callsTo('POST /api/saved-searches')[0]!.body).toEqual({
      title: 'lamp',
      category: 'Furniture',
    });
  });

  it('shows the server’s words when it refuses', async () => {
    signIn();
    stubApi({
      'POST /api/saved-searches': reply(409, {
        message: 'You can keep at most 20 saved searches. Delete one to save another.',
        code: 'conflict',
      }),
    });
    const { user } = renderAt(<SaveSearch search={{ title: 'lamp' }} />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 20 saved searches');
  });
});
