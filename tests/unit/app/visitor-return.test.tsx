import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '#client/features/accounts/login-page.js';
import { RegisterPage } from '#client/features/accounts/register-page.js';
import { ReturnNote } from '#client/features/accounts/profile/components/return-note.js';
import { ProductPage } from '#client/features/listings/product-page.js';
import { RequireUser } from '#client/components/require-user.js';
import { Favorite } from '#client/components/favorite.js';
import { makeListing, makeMessage, makeUser } from '../support/data';
import { reply, stubApi } from '../support/fetch-stub';
import { answerNextDialog } from '../support/dialogs';
import { fillRegisterForm } from '../support/register-form';
import { currentPath, renderAt } from '../support/render';

/** The listing page and the real login page, as a visitor goes from one to the other. */
function openListing() {
  return renderAt(<ProductPage />, {
    path: '/productListing/:listingId',
    url: '/productListing/11',
    routes: [{ path: '/signin', element: <LoginPage /> }],
  });
}

function listingApi() {
  return stubApi({
    'GET /api/listing/11': [makeListing()],
    'GET /api/review/3': [],
    'GET /api/review/eligibility/3': { can_review: true, message: null },
    'GET /api/direct_message/listing-sender/get': [],
    'GET /api/delivery_request/listing-buyer': [],
    'POST /api/login': { user: makeUser(), message: 'Logged in!' },
    'POST /api/direct_message': reply(201, makeMessage({ content: 'Is it still there?' })),
  });
}

describe('a visitor who is sent to sign in', () => {
  it('finds the message they typed back in the box, and sends it once signed in', async () => {
    const api = listingApi();
    const { user, router } = openListing();
    await user.type(await screen.findByPlaceholderText('Type a message'), 'Is it still there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(currentPath(router)).toBe('/login');
    // The login route of this router stands in; the real page is opened with the same state.
    const state = router.state.location.state;
    expect(state).toEqual({ from: '/productListing/11', reason: 'message' });
    expect(api.callsTo('POST /api/direct_message')).toHaveLength(0);

    await router.navigate('/signin', { state });
    expect(
      await screen.findByText(
        'Sign in to send your message to the seller. It is kept: you find it in the message box when you come back.',
      ),
    ).toBeVisible();
  });

  it('signs in from the login page and comes back to the listing with the message', async () => {
    const api = listingApi();
    sessionStorage.setItem('messageDraft:11', 'Is it still there?');
    const { user, router } = renderAt(<LoginPage />, {
      path: '/signin',
      url: '/signin',
      routes: [{ path: '/productListing/:listingId', element: <ProductPage /> }],
    });
    await router.navigate('/signin', {
      replace: true,
      state: { from: '/productListing/11', reason: 'message' },
    });
    await user.type(screen.getByLabelText('Email'), 'maria@sfsu.edu');
    await user.type(screen.getByLabelText('Password'), 'campus-demo-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await answerNextDialog(user)).toBe('Logged in!');
    await waitFor(() => expect(currentPath(router)).toBe('/productListing/11'));

    const box = await screen.findByPlaceholderText('Type a message');
    expect(box).toHaveValue('Is it still there?');
    api.set('GET /api/direct_message/listing-sender/get', [makeMessage()]);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message Sent to Seller')).toBeVisible();
    expect(api.callsTo('POST /api/direct_message')[0]!.body).toMatchObject({
      content: 'Is it still there?',
      listing_id: 11,
    });
    // Sent: it does not come back a second time.
    expect(sessionStorage.getItem('messageDraft:11')).toBeNull();
  });

  it('a visitor who creates an account instead finds the way back to the listing and the message', async () => {
    const api = listingApi();
    api.set(
      'POST /api/register',
      reply(201, { user: makeUser({ user_id: 40 }), message: 'Registered successfully!' }),
    );
    const { user, router } = renderAt(<ProductPage />, {
      path: '/productListing/:listingId',
      url: '/productListing/11',
      routes: [
        { path: '/signin', element: <LoginPage /> },
        { path: '/register', element: <RegisterPage /> },
        // The profile's part that leads back (the whole profile is tested on its own).
        { path: '/RealUserProfile', element: <ReturnNote /> },
      ],
    });
    await user.type(await screen.findByPlaceholderText('Type a message'), 'Is it still there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await router.navigate('/signin', { state: router.state.location.state });
    await user.click(await screen.findByRole('link', { name: 'Create an account' }));
    expect(currentPath(router)).toBe('/register');

    await fillRegisterForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await answerNextDialog(user)).toBe('Registered successfully!');
    // The spec's /RealUserProfile, which offers the way back.
    await waitFor(() => expect(currentPath(router)).toBe('/RealUserProfile'));
    expect(
      screen.getByText("Your message to the seller is kept in the listing's message box."),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Back to the listing' }));
    expect(currentPath(router)).toBe('/productListing/11');
    expect(await screen.findByPlaceholderText('Type a message')).toHaveValue('Is it still there?');
  });

  it('the profile says nothing of a way back when registering was not sent from anywhere', async () => {
    stubApi({});
    renderAt(<ReturnNote />, { path: '/RealUserProfile' });
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('the login page says why it opened: delivery, review or a signed-in page', async () => {
    listingApi();
    const { user, router } = openListing();
    await user.click(await screen.findByRole('button', { name: 'Get Item Delivered' }));
    expect(router.state.location.state).toEqual({
      from: '/productListing/11',
      reason: 'delivery',
    });
    await router.navigate('/signin', { state: router.state.location.state });
    expect(
      await screen.findByText(
        'Sign in to have this item delivered: you come back to the listing after.',
      ),
    ).toBeVisible();

    await router.navigate('/productListing/11');
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    expect(router.state.location.state).toMatchObject({ reason: 'review' });
    await router.navigate('/signin', { state: router.state.location.state });
    expect(
      await screen.findByText('Sign in to review this seller: you come back to the listing after.'),
    ).toBeVisible();
  });

  it("a visitor's heart says why the login page opened", async () => {
    stubApi({});
    const { user, router } = renderAt(<Favorite listing={makeListing({ title: 'Desk lamp' })} />, {
      path: '/productListing/11',
      routes: [{ path: '/signin', element: <LoginPage /> }],
    });
    await user.click(screen.getByRole('link', { name: 'Favourite: Desk lamp (sign in)' }));
    expect(router.state.location.state).toEqual({ from: '/productListing/11', reason: 'favorite' });
    await router.navigate('/signin', { state: router.state.location.state });
    expect(
      await screen.findByText(
        'Sign in to keep this item among your favourites: you come back here after.',
      ),
    ).toBeVisible();
  });

  it('a signed-in page sends visitors to sign in, saying so; the Login button alone says nothing', async () => {
    stubApi({});
    const { router } = renderAt(<RequireUser>{() => <p>Orders</p>}</RequireUser>, {
      path: '/OrderStatus',
      routes: [{ path: '/signin', element: <LoginPage /> }],
    });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/OrderStatus', reason: 'page' });
    await router.navigate('/signin', { state: router.state.location.state });
    expect(
      await screen.findByText('Sign in to see this page: it opens once you are signed in.'),
    ).toBeVisible();

    await router.navigate('/signin', { state: { from: '/' } });
    await waitFor(() => expect(screen.queryByText(/Sign in to/)).toBeNull());
    // A made-up reason is ignored.
    await router.navigate('/signin', { state: { from: '/OrderStatus', reason: 'page' } });
    expect(await screen.findByText(/Sign in to see this page/)).toBeVisible();
    await router.navigate('/signin', { state: { from: '//evil.test', reason: 'hack' } });
    await waitFor(() => expect(screen.queryByText(/Sign in to/)).toBeNull());
  });
});
