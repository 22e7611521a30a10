import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserListingsPage } from '#client/features/listings/user-listings-page.js';
import { listings, signIn } from '../support/data';
import { reply, stubApi } from '../support/fetch-stub';
import { answerNextDialog, noDialog } from '../support/dialogs';
import { itShowsListStates, renderAt } from '../support/render';

const open = () => renderAt(<UserListingsPage />, { path: '/userListings' });

describe('/userListings', () => {
  itShowsListStates(open, 'GET /api/listing/active/7', /You have no active listings/);

  it('Mark as Sold asks first and does nothing when cancelled', async () => {
    signIn();
    const api = stubApi({ 'GET /api/listing/active/7': listings(1) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Mark as Sold: Item 1' }));
    const question = await screen.findByRole('alertdialog', { name: 'Mark this listing as sold?' });
    expect(question).toHaveAccessibleDescription(
      '“Item 1” leaves your active listings. Its page keeps Relist, if it comes back.',
    );
    expect(within(question).getByRole('button', { name: 'Mark as Sold' })).toHaveFocus();
    expect(await answerNextDialog(user, false)).toBe('Mark this listing as sold?');
    expect(api.callsTo('PUT /api/listing/1')).toHaveLength(0);
    expect(screen.getByText('Item 1')).toBeVisible();
  });

  it('Mark as Sold, once confirmed, sets Out of Stock and Sold, and the listing leaves the list', async () => {
    signIn();
    const api = stubApi({
      'GET /api/listing/active/7': listings(2),
      'PUT /api/listing/1': [],
    });
    const { user } = open();
    const button = await screen.findByRole('button', { name: 'Mark as Sold: Item 1' });
    api.set('GET /api/listing/active/7', listings(1, 2));
    await user.click(button);
    expect(await answerNextDialog(user)).toBe('Mark this listing as sold?');
    await waitFor(() => expect(screen.queryByText('Item 1')).toBeNull());
    expect(screen.getByText('Item 2')).toBeVisible();
    expect(api.callsTo('PUT /api/listing/1')[0]!.body).toEqual({
      availability: 'Out of Stock',
      listing_status: 'Sold',
    });
  });

  it('Delete asks first and does nothing when cancelled', async () => {
    signIn();
    const api = stubApi({ 'GET /api/listing/active/7': listings(1) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete: Item 1' }));
    const question = await screen.findByRole('alertdialog', {
      name: 'Delete this listing? This cannot be undone.',
    });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await answerNextDialog(user, false)).toBe('Delete this listing? This cannot be undone.');
    expect(noDialog()).toBe(true);
    expect(api.callsTo('DELETE /api/listing/1')).toHaveLength(0);
  });

  it('Delete removes the listing once confirmed', async () => {
    signIn();
    const api = stubApi({
      'GET /api/listing/active/7': listings(1),
      'DELETE /api/listing/1': { message: 'Listing deleted.' },
    });
    const { user } = open();
    const button = await screen.findByRole('button', { name: 'Delete: Item 1' });
    api.set('GET /api/listing/active/7', []);
    await user.click(button);
    expect(await answerNextDialog(user)).toBe('Delete this listing? This cannot be undone.');
    expect(await screen.findByText(/You have no active listings/)).toBeVisible();
    expect(api.callsTo('DELETE /api/listing/1')).toHaveLength(1);
  });

  it('shows why a delete was refused', async () => {
    signIn();
    stubApi({
      'GET /api/listing/active/7': listings(1),
      'DELETE /api/listing/1': reply(409, {
        message: 'This listing has a delivery under way and cannot be deleted yet.',
      }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete: Item 1' }));
    await answerNextDialog(user);
    const row = screen.getByText('Item 1').closest('li')!;
    expect(await within(row).findByRole('alert')).toHaveTextContent(/delivery under way/);
  });
});
