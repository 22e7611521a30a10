import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductPage } from '#client/features/listings/product-page.js';
import { dropoffLocations } from '#shared/locations.js';
import { BOUGHT_HERE_LABEL } from '#shared/sales.js';
import { DELETE_CONFIRM } from '#client/features/listings/components/listing-row.js';
import { answerNextDialog } from '../support/dialogs';
import { makeListing, makeMessage, makeRequest, makeReview, signIn } from '../support/data';
import { never, reply, stubApi, type Routes } from '../support/fetch-stub';
import { currentPath, renderAt } from '../support/render';

const open = (id: string | number = 11) =>
  renderAt(<ProductPage />, { path: '/productListing/:listingId', url: `/productListing/${id}` });

/** Listing 11 by seller 3 (priya); the buyer is maria (7). */
function listingApi(extra: Routes = {}) {
  return stubApi({
    'GET /api/listing/11': [makeListing()],
    // maria has asked priya about a listing: she may review her.
    'GET /api/review/eligibility/3': { can_review: true, message: null },
    'GET /api/review/3': [
      makeReview({
        review_id: 1,
        rating: 3,
        comment: 'Okay',
        review_date: '2026-01-05T10:00:00Z',
        username: 'ben',
      }),
      makeReview({
        review_id: 2,
        rating: 5,
        comment: 'Great seller',
        review_date: '2026-03-04T10:00:00Z',
        username: 'kai',
      }),
    ],
    'GET /api/direct_message/listing-sender/get': [],
    'GET /api/delivery_request/listing-buyer': [],
    ...extra,
  });
}

describe('listing page', () => {
  it('shows a loading state', () => {
    stubApi({ 'GET /api/listing/11': never });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('shows "No item Found" for an unknown id', async () => {
    stubApi({ 'GET /api/listing/404': reply(404, { message: 'No item Found' }) });
    open(404);
    expect(await screen.findByRole('heading', { name: 'No item Found' })).toBeVisible();
  });

  it('shows "No item Found" for a malformed id without calling the server', () => {
    const api = stubApi({});
    open('abc');
    expect(screen.getByRole('heading', { name: 'No item Found' })).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('shows an error state when loading fails', async () => {
    stubApi({ 'GET /api/listing/11': reply(500, { message: 'Database down' }) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database down');
  });

  it('shows image, seller with stars, price, title, Type, Condition and description', async () => {
    listingApi();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'IKEA desk lamp' })).toBeVisible();
    const image = screen.getByRole('img', { name: 'IKEA desk lamp' });
    expect(image).toHaveAttribute('src', '/uploads/abc.webp');
    expect(image).toHaveAttribute('width');
    expect(screen.getByText('$12.50')).toBeVisible();
    expect(screen.getByText('Type').nextElementSibling).toHaveTextContent('Furniture');
    expect(screen.getByText('Condition').nextElementSibling).toHaveTextContent('Used - Good');
    expect(screen.getByText('Bright and adjustable.')).toBeVisible();
    const seller = screen.getByRole('link', { name: 'priya' });
    expect(seller).toHaveAttribute('href', '/userProfile?id=3');
    expect(
      within(seller.parentElement!).getByRole('img', { name: '4 out of 5 stars' }),
    ).toBeVisible();
  });

  it('shows a placeholder when the listing has no image', async () => {
    listingApi({ 'GET /api/listing/11': [makeListing({ thumbnail: null })] });
    open();
    expect(await screen.findByRole('img', { name: 'No image: IKEA desk lamp' })).toBeVisible();
  });

  it('lists reviews newest first with stars, comment, "Reviwer:" and a short US date', async () => {
    listingApi();
    open();
    const reviews = await screen.findAllByRole('listitem');
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toHaveTextContent('Great seller');
    expect(reviews[0]).toHaveTextContent('Reviwer: kai');
    expect(reviews[0]).toHaveTextContent('3/4/2026');
    expect(within(reviews[0]!).getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    expect(reviews[1]).toHaveTextContent('Reviwer: ben');
    expect(reviews[1]).toHaveTextContent('1/5/2026');
  });

  it('says "Bought here" on the reviews of people who bought from the seller', async () => {
    listingApi({
      'GET /api/review/3': [
        makeReview({ review_id: 1, username: 'ben', bought_here: true }),
        makeReview({ review_id: 2, username: 'kai' }),
      ],
    });
    open();
    const reviews = await screen.findAllByRole('listitem');
    const by = (name: string) => reviews.find((r) => r.textContent?.includes(`Reviwer: ${name}`));
    expect(by('ben')).toHaveTextContent(BOUGHT_HERE_LABEL);
    expect(by('kai')).not.toHaveTextContent(BOUGHT_HERE_LABEL);
  });

  it('says when the seller has no reviews', async () => {
    listingApi({ 'GET /api/review/3': [] });
    open();
    expect(await screen.findByText('No reviews yet.')).toBeVisible();
  });
});

describe('a visitor', () => {
  it('sees the message, delivery and review controls, each leading to /login', async () => {
    const api = listingApi();
    const first = open();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByPlaceholderText('Type a message')).toBeVisible();
    await first.user.type(screen.getByPlaceholderText('Type a message'), 'Hi');
    await first.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
    first.unmount();

    // Whatever the box holds: an empty Send leads a visitor to /login as well.
    const empty = open();
    await empty.user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(currentPath(empty.router)).toBe('/login');
    empty.unmount();

    const second = open();
    await second.user.click(await screen.findByRole('button', { name: 'Get Item Delivered' }));
    expect(currentPath(second.router)).toBe('/login');
    second.unmount();

    const third = open();
    await third.user.click(await screen.findByRole('button', { name: 'Write a review' }));
    expect(currentPath(third.router)).toBe('/login');
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });
});

describe('the owner', () => {
  it('sees no message, delivery or review controls', async () => {
    signIn({ user_id: 3, username: 'priya' });
    listingApi();
    open();
    expect(await screen.findByText(/This is your listing/)).toBeVisible();
    await screen.findAllByRole('listitem');
    expect(screen.queryByPlaceholderText('Type a message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get Item Delivered' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('reads Sold on a sold listing and may relist it, opening the new listing', async () => {
    signIn({ user_id: 3, username: 'priya' });
    const sold = makeListing({ listing_status: 'Sold', availability: 'Out of Stock', discount: 0 });
    const api = listingApi({
      'GET /api/listing/11': [sold],
      'POST /api/listing/existing': reply(201, {
        listing_id: 31,
        product_id: sold.product_id,
        thumbnail: null,
      }),
    });
    const { user, router } = open();
    expect(await screen.findByText(/This is your listing, and it is sold\./)).toBeVisible();
    // The title's badge says Sold.
    expect(screen.getByText('Sold', { exact: true })).toHaveClass('badge');
    expect(screen.queryByRole('link', { name: 'Active Listings' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Relist' }));
    await waitFor(() => expect(currentPath(router)).toBe('/productListing/31'));
    expect(api.callsTo('POST /api/listing/existing')[0]!.body).toEqual({
      product_id: sold.product_id,
      vendor_id: 3,
      price: sold.price,
      conditions: sold.conditions,
    });
  });

  it('deletes a sold listing only once the question is answered yes', async () => {
    signIn({ user_id: 3, username: 'priya' });
    const sold = makeListing({ listing_status: 'Sold', availability: 'Out of Stock', discount: 0 });
    const api = listingApi({
      'GET /api/listing/11': [sold],
      'DELETE /api/listing/11': reply(200, { message: 'Listing deleted' }),
    });
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await answerNextDialog(user, false)).toBe(DELETE_CONFIRM);
    expect(api.callsTo('DELETE /api/listing/11')).toHaveLength(0);
    expect(currentPath(router)).toBe('/productListing/11');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await answerNextDialog(user)).toBe(DELETE_CONFIRM);
    await waitFor(() => expect(currentPath(router)).toBe('/userListings'));
    expect(api.callsTo('DELETE /api/listing/11')).toHaveLength(1);
  });
});

describe('a signed-in buyer', () => {
  it('does not send blank messages', async () => {
    signIn();
    const api = listingApi();
    const { user } = open();
    const input = await screen.findByPlaceholderText('Type a message');
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(api.callsTo('POST /api/direct_message')).toHaveLength(0);
  });

  it('sends a message, then sees "Message Sent to Seller" with "See Conversations"', async () => {
    signIn();
    const api = listingApi({
      'POST /api/direct_message': reply(201, makeMessage({ content: 'Still available?' })),
    });
    const { user } = open();
    await user.type(await screen.findByPlaceholderText('Type a message'), ' Still available? ');
    api.set('GET /api/direct_message/listing-sender/get', [makeMessage()]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message Sent to Seller')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See Conversations' })).toHaveAttribute(
      'href',
      '/chats',
    );
    expect(api.callsTo('POST /api/direct_message')[0]!.body).toEqual({
      sender_id: 7,
      receiver_id: 3,
      listing_id: 11,
      content: 'Still available?',
      // The id the outbox would send it again with: the server keeps it once.
      client_id: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    });
    const check = api.callsTo('GET /api/direct_message/listing-sender/get')[0]!;
    expect(check.query.get('id')).toBe('7');
    expect(check.query.get('listing')).toBe('11');
  });

  it('sees "Message Sent to Seller" when a message was sent before', async () => {
    signIn();
    listingApi({ 'GET /api/direct_message/listing-sender/get': [makeMessage()] });
    open();
    expect(await screen.findByText('Message Sent to Seller')).toBeVisible();
    expect(screen.queryByPlaceholderText('Type a message')).toBeNull();
  });

  it('sees "Request Already Sent", disabled, when delivery was requested', async () => {
    signIn();
    listingApi({ 'GET /api/delivery_request/listing-buyer': [makeRequest()] });
    open();
    expect(await screen.findByRole('button', { name: 'Request Already Sent' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Get Item Delivered' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Follow it on Order Status' })).toHaveAttribute(
      'href',
      '/OrderStatus',
    );
  });

  it('requests delivery with the form: item title, dropoff (required), special request (7 rows)', async () => {
    signIn();
    const api = listingApi({ 'POST /api/delivery_request': reply(201, makeRequest()) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Get Item Delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get Item Delivered' });
    expect(within(dialog).getByText('IKEA desk lamp')).toBeVisible();
    const dropoff = within(dialog).getByLabelText('Dropoff Location');
    expect(
      within(dropoff)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .slice(1),
    ).toEqual([...dropoffLocations()]);
    const note = within(dialog).getByLabelText('Special Request for Courier');
    expect(note).toHaveAttribute('rows', '7');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please choose a dropoff location.',
    );
    expect(api.callsTo('POST /api/delivery_request')).toHaveLength(0);

    await user.selectOptions(dropoff, 'Library');
    await user.type(note, 'Leave it at the front desk');
    api.set('GET /api/delivery_request/listing-buyer', [makeRequest()]);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Request Already Sent' })).toBeDisabled();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The buyer reads that it went out, and where to follow it.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Delivery requested: the seller will accept or decline it.',
    );
    expect(screen.getByRole('link', { name: 'Follow it on Order Status' })).toHaveAttribute(
      'href',
      '/OrderStatus',
    );
    expect(api.callsTo('POST /api/delivery_request')[0]!.body).toEqual({
      buyer_id: 7,
      vendor_id: 3,
      listing_id: 11,
      dropoff: 'Library',
      buyer_special_request: 'Leave it at the front desk',
      status: 'Pending',
      delivery_status: 'Unassigned',
      // Asked for by default: the courier will need the buyer's code.
      require_handover_code: true,
    });
  });

  it('lets the buyer do without a handover code', async () => {
    signIn();
    const api = listingApi({ 'POST /api/delivery_request': reply(201, makeRequest()) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Get Item Delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get Item Delivered' });
    const code = within(dialog).getByRole('checkbox', { name: 'Ask for a handover code' });
    expect(code).toBeChecked();
    expect(code).toHaveAccessibleDescription(/finishes the delivery only with it/);
    await user.click(code);
    await user.selectOptions(within(dialog).getByLabelText('Dropoff Location'), 'Library');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('POST /api/delivery_request')).toHaveLength(1));
    expect(api.callsTo('POST /api/delivery_request')[0]!.body).toMatchObject({
      require_handover_code: false,
    });
  });

  it('offers no delivery for a sold listing', async () => {
    signIn();
    listingApi({ 'GET /api/listing/11': [makeListing({ listing_status: 'Sold' })] });
    open();
    expect(await screen.findByText('This item is no longer available.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Get Item Delivered' })).toBeNull();
  });

  it('does not see "Write a review" after reviewing this seller', async () => {
    signIn();
    listingApi({ 'GET /api/review/3': [makeReview({ author_id: 7, username: 'maria' })] });
    open();
    expect(await screen.findByText('Reviwer: maria')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('writes a review: "Rating Seller", rating 1-5 required, Comment of 3 rows', async () => {
    signIn();
    const api = listingApi({
      'POST /api/review': reply(201, makeReview({ review_id: 9, author_id: 7, username: 'maria' })),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rating Seller' });
    const rating = within(dialog).getByLabelText('Rating');
    expect(
      within(rating)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value'))
        .filter(Boolean)
        .sort(),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(dialog).getByLabelText('Comment')).toHaveAttribute('rows', '3');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please choose a rating from 1 to 5.',
    );
    expect(api.callsTo('POST /api/review')).toHaveLength(0);

    await user.selectOptions(rating, '4');
    await user.type(within(dialog).getByLabelText('Comment'), 'Quick and kind');
    api.set('GET /api/review/3', [
      makeReview({ review_id: 9, author_id: 7, username: 'maria', rating: 4 }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Reviwer: maria')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
    expect(api.callsTo('POST /api/review')[0]!.body).toEqual({
      author_id: 7,
      vendor_id: 3,
      rating: 4,
      comment: 'Quick and kind',
    });
  });

  it.each([
    {
      name: 'shows the server message when the request fails',
      route: 'POST /api/delivery_request',
      message: 'This item is no longer available.',
      button: 'Get Item Delivered',
      field: 'Dropoff Location',
      choice: 'Annex 1',
    },
    {
      name: 'shows the server message when the review is refused',
      route: 'POST /api/review',
      message: 'You have already reviewed this seller.',
      button: 'Write a review',
      field: 'Rating',
      choice: '2',
    },
  ])('$name', async ({ route, message, button, field, choice }) => {
    signIn();
    listingApi({ [route]: reply(409, { message }) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: button }));
    await user.selectOptions(await screen.findByLabelText(field), choice);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(new RegExp(message.slice(0, -1)))).toBeVisible();
  });
});
