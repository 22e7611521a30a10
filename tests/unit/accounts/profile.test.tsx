import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfilePage } from '#client/app/pages/profile-page.js';
import { PublicProfilePage } from '#client/features/accounts/profile/public-profile-page.js';
import { getSessionUser } from '#client/lib/session.js';
import { listings, makeReview, makeUser, signIn } from '../support/data';
import { never, reply, stubApi } from '../support/fetch-stub';
import { currentPath, itSendsSignedOutToLogin, renderAt } from '../support/render';

const openProfile = () => renderAt(<ProfilePage />, { path: '/RealUserProfile' });

function profileApi(overrides: Record<string, unknown> = {}) {
  const me = getSessionUser()!;
  return stubApi({
    'GET /api/listing/vendor/sold/7': { count: 3 },
    'GET /api/user/7': [me],
    ...overrides,
  });
}

describe('profile dashboard', () => {
  itSendsSignedOutToLogin(openProfile);

  it('shows Create Listing, the cards, Sold Items, Rating and Order Status', async () => {
    signIn();
    profileApi();
    const { user, router } = openProfile();
    expect(screen.getByRole('button', { name: 'Create Listing' })).toBeVisible();
    const cards = screen.getByRole('list');
    const links = within(cards).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(within(cards).getByRole('link', { name: /Messages/ })).toHaveAttribute('href', '/Chats');
    expect(within(cards).getByRole('link', { name: /Active Listings/ })).toHaveAttribute(
      'href',
      '/userListings',
    );
    expect(within(cards).getByRole('link', { name: /Delivery Requests/ })).toHaveAttribute(
      'href',
      '/vendorDeliveryRequest',
    );
    expect(within(cards).queryByRole('link', { name: /Courier Dashboard/ })).toBeNull();
    const sold = screen.getByText('Sold Items').parentElement!;
    await waitFor(() => expect(sold).toHaveTextContent('Sold Items3'));
    expect(screen.getByText('Rating').parentElement).toHaveTextContent(/Rating4/);
    // The username and the link to the public profile, and no separator left between them.
    const handle = screen.getByRole('link', { name: 'Public profile' }).parentElement!;
    expect(handle).toHaveTextContent(/^@\S+Public profile$/);
    expect(handle).not.toHaveTextContent('·');
    await user.click(screen.getByRole('button', { name: 'Order Status' }));
    expect(currentPath(router)).toBe('/OrderStatus');
  });

  it('shows rating 1 when the user has no reviews', async () => {
    signIn({ rating: 1, review_count: 0 });
    profileApi();
    openProfile();
    await waitFor(() =>
      expect(screen.getByText('Rating').parentElement).toHaveTextContent(/^Rating1/),
    );
    // The default stars are labelled, so nobody reads one star as a verdict.
    expect(screen.getByText('Rating').parentElement).toHaveTextContent(/No reviews yet/);
    expect(screen.queryByRole('img', { name: '1 out of 5 stars' })).toBeNull();
  });

  it('shows the Courier Dashboard card to couriers and no Become a Courier button', () => {
    signIn({ is_courier: 1 });
    profileApi();
    openProfile();
    expect(screen.getByRole('link', { name: /Courier Dashboard/ })).toHaveAttribute(
      'href',
      '/CourierPage',
    );
    expect(screen.queryByRole('button', { name: 'Become a Courier' })).toBeNull();
  });

  it('Become a Courier sets is_courier and updates the stored user', async () => {
    signIn();
    const api = profileApi({
      'PUT /api/user/7': makeUser({ is_courier: 1 }),
    });
    const { user } = openProfile();
    await user.click(screen.getByRole('button', { name: 'Become a Courier' }));
    expect(await screen.findByRole('link', { name: /Courier Dashboard/ })).toBeVisible();
    expect(api.callsTo('PUT /api/user/7')[0]!.body).toEqual({ is_courier: 1 });
    expect(getSessionUser()?.is_courier).toBe(1);
    expect(screen.queryByRole('button', { name: 'Become a Courier' })).toBeNull();
  });

  it('says so when becoming a courier fails', async () => {
    signIn();
    profileApi({ 'PUT /api/user/7': reply(500, { message: 'Database down' }) });
    const { user } = openProfile();
    await user.click(screen.getByRole('button', { name: 'Become a Courier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Database down');
    expect(getSessionUser()?.is_courier).toBe(0);
  });
});

describe('public profile (/userProfile?id=N)', () => {
  const open = (url: string) => renderAt(<PublicProfilePage />, { path: '/userProfile', url });
  /** The seller the profile shows, rated `rating` (null: not yet). */
  const priya = (rating: number | null) => ({
    user_id: 3,
    username: 'priya',
    first_name: 'P',
    last_name: 'S',
    is_courier: 0,
    rating,
  });

  it('shows the seller, rating, active listings and reviews newest first', async () => {
    stubApi({
      'GET /api/user/3': [priya(4)],
      'GET /api/listing/active/3': listings(2),
      'GET /api/review/3': [
        makeReview({ review_id: 1, comment: 'Older', review_date: '2026-01-02T10:00:00Z' }),
        makeReview({
          review_id: 2,
          comment: 'Newer',
          review_date: '2026-02-03T10:00:00Z',
          username: 'ben',
        }),
      ],
    });
    open('/userProfile?id=3');
    expect(await screen.findByRole('heading', { name: 'priya' })).toBeVisible();
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Item 1' })).toHaveAttribute(
      'href',
      '/productListing/1',
    );
    const comments = (await screen.findAllByText(/Older|Newer/)).map((n) => n.textContent);
    expect(comments).toEqual(['Newer', 'Older']);
    expect(screen.getByText('Reviwer: ben')).toBeVisible();
    expect(screen.getByText('2/3/2026')).toBeVisible();
  });

  it('has empty states', async () => {
    stubApi({
      'GET /api/user/3': [priya(null)],
      'GET /api/listing/active/3': [],
      'GET /api/review/3': [],
    });
    open('/userProfile?id=3');
    expect(await screen.findByText('priya has nothing for sale right now.')).toBeVisible();
    expect(await screen.findByText('No reviews yet.')).toBeVisible();
  });

  it('shows a loading state, then "User not found" for an unknown id', async () => {
    stubApi({ 'GET /api/user/99': reply(404, { message: 'No such user.' }) });
    open('/userProfile?id=99');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeVisible();
  });

  it('refuses a malformed id without calling the server', () => {
    const api = stubApi({ 'GET /api/user/1': never });
    open('/userProfile?id=abc');
    expect(screen.getByRole('heading', { name: 'User not found' })).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });
});
