import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '#client/app/shell/app-layout.js';
import { RequireUser } from '#client/components/require-user.js';
import { getSessionUser } from '#client/lib/session.js';
import { reply, stubApi } from '../support/fetch-stub';
import { makeMessage, signIn } from '../support/data';
import { currentPath, LocationProbe, renderAt } from '../support/render';

function renderShell(url = '/') {
  return renderAt(null, {
    path: '/unused',
    url,
    routes: [
      {
        path: '/',
        element: <AppLayout />,
        children: [
          { index: true, element: <LocationProbe /> },
          {
            path: 'userListings',
            element: <RequireUser>{(u) => <p>Listings of {u.username}</p>}</RequireUser>,
          },
          { path: '*', element: <LocationProbe /> },
        ],
      },
    ],
  });
}

describe('header', () => {
  it('shows a Login button to visitors', () => {
    stubApi({});
    renderShell();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /account menu/ })).toBeNull();
  });

  it('offers Profile, Message and Sign Out, without Courier, to a non-courier', async () => {
    stubApi({ 'GET /api/me': reply(200, { user: signIn(), expiresAt: '' }) });
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: /maria account menu/ }));
    const menu = screen.getByRole('list', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/RealUserProfile',
    );
    expect(within(menu).getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/Chats');
    expect(within(menu).getByRole('link', { name: 'Order Status' })).toHaveAttribute(
      'href',
      '/OrderStatus',
    );
    expect(within(menu).queryByRole('link', { name: 'Courier' })).toBeNull();
    expect(within(menu).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  it('counts unread messages on the account menu and its Message link', async () => {
    const me = signIn();
    const other = me.user_id + 1;
    stubApi({
      'GET /api/me': { user: me, expiresAt: '' },
      'GET /api/direct_message': [
        makeMessage({ message_id: 1, sender_id: other, receiver_id: me.user_id }),
        makeMessage({ message_id: 2, sender_id: other, receiver_id: me.user_id }),
        makeMessage({
          message_id: 3,
          sender_id: other,
          receiver_id: me.user_id,
          read_at: '2026-11-20T11:00:00.000Z',
        }),
        // Sent by me (about another listing) and not yet read by the other person: not mine
        // to read. (A message of mine last in a conversation would read the ones before it.)
        makeMessage({ message_id: 4, sender_id: me.user_id, receiver_id: other, listing_id: 12 }),
      ],
    });
    const { user } = renderShell();
    const button = await screen.findByRole('button', {
      name: 'maria account menu, 2 unread messages',
    });
    await user.click(button);
    const menu = screen.getByRole('list', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Message 2 unread' })).toHaveAttribute(
      'href',
      '/Chats',
    );
  });

  it('adds Courier to the menu when is_courier is 1', async () => {
    const courier = signIn({ is_courier: 1 });
    stubApi({ 'GET /api/me': { user: courier, expiresAt: '' } });
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    expect(screen.getByRole('link', { name: 'Courier' })).toHaveAttribute('href', '/CourierPage');
  });

  it('Sign Out from a signed-in-only page calls the server, clears all storage and returns to /', async () => {
    const me = signIn();
    sessionStorage.setItem('draft', 'x');
    const api = stubApi({
      'GET /api/me': { user: me, expiresAt: '' },
      'POST /api/logout': { message: 'Signed out.' },
    });
    const { user, router } = renderShell('/userListings');
    expect(screen.getByText('Listings of maria')).toBeVisible();
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(api.callsTo('POST /api/logout')).toHaveLength(1));
    expect(currentPath(router)).toBe('/');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(screen.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  it('forgets a stored user the server no longer knows (401 on /api/me)', async () => {
    signIn();
    stubApi({ 'GET /api/me': reply(401, { message: 'Please sign in.' }) });
    // The 401 handler is installed by the app providers.
    await import('#client/app/providers.js');
    renderShell();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeVisible();
    expect(getSessionUser()).toBeNull();
  });
});

describe('search bar', () => {
  it('has the placeholder and a clear icon only while the trimmed text is non-blank', async () => {
    stubApi({});
    const { user } = renderShell();
    const input = screen.getByPlaceholderText('What do you want to buy?');
    expect(screen.queryByRole('button', { name: 'Clear search text' })).toBeNull();
    await user.type(input, '   ');
    expect(screen.queryByRole('button', { name: 'Clear search text' })).toBeNull();
    await user.type(input, 'lamp');
    await user.click(screen.getByRole('button', { name: 'Clear search text' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  it('Enter stores the category and word in the URL of / with the searching flag', async () => {
    stubApi({});
    const { user, router } = renderShell('/productListing/4');
    await user.selectOptions(screen.getByLabelText('Category'), 'Books');
    await user.type(screen.getByLabelText('Search listings'), '  calculus {Enter}');
    expect(currentPath(router)).toBe('/?search=1&category=Books&title=calculus');
  });

  it('the search button submits too, and an empty search is allowed (all products)', async () => {
    stubApi({});
    const { user, router } = renderShell('/aboutTeam');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(currentPath(router)).toBe('/?search=1');
  });

  it('keeps the filters of the current search when searching again', async () => {
    stubApi({});
    const { user, router } = renderShell('/?search=1&title=lamp&condition=New&minRating=4');
    const input = screen.getByLabelText('Search listings');
    expect(input).toHaveValue('lamp');
    await user.clear(input);
    await user.type(input, 'desk{Enter}');
    expect(currentPath(router)).toBe('/?search=1&title=desk&condition=New&minRating=4');
  });

  it('the logo goes to / and resets the search and filters', async () => {
    stubApi({});
    const { user, router } = renderShell(
      '/?search=1&category=Food&title=tea&priceSort=low-to-high',
    );
    expect(screen.getByLabelText('Category')).toHaveValue('Food');
    await user.click(screen.getByRole('link', { name: /Gator Market home/ }));
    expect(currentPath(router)).toBe('/');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Search listings')).toHaveValue('');
  });
});

describe('footer', () => {
  it('has a copyright and an About Us link', () => {
    stubApi({});
    renderShell();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(/©/);
    expect(within(footer).getByRole('link', { name: 'About Us' })).toHaveAttribute(
      'href',
      '/aboutTeam',
    );
  });
});
