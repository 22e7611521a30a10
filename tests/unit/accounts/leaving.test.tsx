import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from '#client/app/pages/profile-page.js';
import { PublicProfilePage } from '#client/features/accounts/profile/public-profile-page.js';
import { ACCOUNT_DELETED_MESSAGE, DELETED_USER_NAME } from '#shared/leaving.js';
import { signIn } from '../support/data';
import { reply, stubApi } from '../support/fetch-stub';
import { currentPath, renderAt } from '../support/render';

const openProfile = () => renderAt(<ProfilePage />, { path: '/RealUserProfile' });
const profileApi = (routes: Record<string, unknown> = {}) =>
  stubApi({
    'GET /api/listing/vendor/sold/7': { count: 0 },
    'GET /api/user/7': [],
    ...(routes as Parameters<typeof stubApi>[0]),
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Delete account on the profile', () => {
  it('asks for the password and the typed word before it sends anything', async () => {
    signIn();
    const api = profileApi();
    const { user } = openProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const form = screen.getByRole('form', { name: 'Delete account' });
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter your password.');
    await user.type(within(form).getByLabelText('Password'), 'campus-demo-1');
    await user.type(within(form).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(within(form).getByRole('button', { name: 'Delete my account' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Type DELETE to confirm.');
    expect(api.callsTo('DELETE /api/me')).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Delete account' })).toBeNull();
  });

  it("shows the server's refusal in its words", async () => {
    signIn();
    profileApi({
      'DELETE /api/me': reply(409, {
        message:
          'Your account cannot be deleted while a delivery is under way: "Desk" (you are its buyer; Assigned). Finish or cancel it first.',
        code: 'conflict',
      }),
    });
    const { user } = openProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.type(screen.getByLabelText('Password'), 'campus-demo-1');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"Desk" (you are its buyer; Assigned)',
    );
  });

  it('deletes with the password and signs this device out', async () => {
    signIn();
    const api = profileApi({ 'DELETE /api/me': { message: ACCOUNT_DELETED_MESSAGE } });
    const { user, router } = openProfile();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    await user.type(screen.getByLabelText('Password'), 'campus-demo-1');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(api.callsTo('DELETE /api/me')[0]!.body).toEqual({ password: 'campus-demo-1' });
    expect(router.state.location.state).toEqual({
      signingOut: true,
      notice: ACCOUNT_DELETED_MESSAGE,
    });
  });
});

describe('Download my data on the profile', () => {
  const data = {
    format: 'gator-market-account-data/1',
    exported_at: '2026-12-07T10:00:00.000Z',
    profile: { username: 'maria' },
    listings: [],
  };

  it('saves the download as a JSON file named for the person and the day', async () => {
    signIn();
    profileApi({ 'GET /api/me/export': data });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:account-data';
    });
    URL.revokeObjectURL = vi.fn();
    const saved: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this);
    });
    const { user } = openProfile();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your data is downloaded.');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.download).toBe('gator-market-data-maria-2026-12-07.json');
    expect(saved[0]!.href).toBe('blob:account-data');
    expect(created[0]!.type).toBe('application/json');
    expect(JSON.parse(await created[0]!.text())).toEqual(data);
  });

  it('says when the hourly limit is reached', async () => {
    signIn();
    profileApi({
      'GET /api/me/export': reply(429, {
        message: 'Too many attempts. Please wait 59 minutes and try again.',
        code: 'rate_limited',
      }),
    });
    const { user } = openProfile();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 59 minutes');
  });
});

describe('the public page of a deleted account', () => {
  it('reads "Deleted user" and offers no report or block', async () => {
    signIn({ user_id: 9, username: 'ben' });
    stubApi({
      'GET /api/user/3': [
        {
          user_id: 3,
          username: DELETED_USER_NAME,
          first_name: '',
          last_name: '',
          is_courier: 0,
          rating: 4,
          review_count: 2,
          deleted: true,
        },
      ],
      'GET /api/listing/active/3': [],
      'GET /api/review/3': [],
    });
    renderAt(<PublicProfilePage />, { path: '/userProfile', url: '/userProfile?id=3' });
    expect(await screen.findByRole('heading', { name: DELETED_USER_NAME })).toBeVisible();
    expect(screen.getByText('This account was deleted.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Block/ })).toBeNull();
  });
});
