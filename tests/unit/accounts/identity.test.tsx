import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from '#client/features/accounts/forgot-password-page.js';
import { LoginPage } from '#client/features/accounts/login-page.js';
import { ResetPasswordPage } from '#client/features/accounts/reset-password-page.js';
import { VerifyEmailPage } from '#client/features/accounts/verify-email-page.js';
import { ProfilePage } from '#client/app/pages/profile-page.js';
import { getSessionUser } from '#client/lib/session.js';
import { makeUser, signIn } from '../support/data';
import { reply, stubApi, type Call } from '../support/fetch-stub';
import { currentPath, renderAt } from '../support/render';

const config = (emailVerification: 'required' | 'off') => ({
  tileUrl: '/tiles/{z}/{x}/{y}.png',
  tiles: {
    source: 'host',
    version: 'v',
    attribution: '',
    minZoom: 0,
    maxZoom: 19,
    bounds: null,
    saveOffline: false,
  },
  emailVerification,
});

function profileApi(overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/listing/vendor/sold/7': { count: 0 },
    'GET /api/user/7': [getSessionUser()],
    'GET /api/config': config('required'),
    ...overrides,
  });
}
const openProfile = () => renderAt(<ProfilePage />, { path: '/RealUserProfile' });

describe('forgot password', () => {
  it('is linked from the login page', () => {
    stubApi({});
    renderAt(<LoginPage />, { path: '/signin' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('asks for a link and shows the server’s answer', async () => {
    const message = 'If an account uses that address, a link is on its way to it.';
    const api = stubApi({ 'POST /api/password-reset': reply(202, { message }) });
    const { user } = renderAt(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email.');
    await user.type(screen.getByLabelText('Email'), 'ada@sfsu.edu');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(api.callsTo('POST /api/password-reset')[0]!.body).toEqual({ email: 'ada@sfsu.edu' });
  });
});

describe('reset password (the mailed link)', () => {
  const open = (url = '/reset-password?token=abc_DEF-123') =>
    renderAt(<ResetPasswordPage />, { path: '/reset-password', url });

  it('sends the token with the new password and then offers to log in', async () => {
    const api = stubApi({
      'POST /api/password-reset/confirm': { message: 'Your password is changed.' },
    });
    const { user } = open();
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'another');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent("Passwords don't match");
    expect(api.calls).toHaveLength(0);
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is changed.');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(api.calls[0]!.body).toEqual({
      token: 'abc_DEF-123',
      password: 'a new password',
      confirmPassword: 'a new password',
    });
  });

  it('says when the link is spent and offers a new one', async () => {
    stubApi({
      'POST /api/password-reset/confirm': reply(422, {
        message: 'This reset link has expired or was already used.',
        code: 'validation',
      }),
    });
    const { user } = open();
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired or was already used/);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('explains itself when opened without a token', () => {
    stubApi({});
    open('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(/link in a password reset e-mail/);
  });
});

describe('verifying the campus e-mail', () => {
  it('asks an unverified account for the mailed code on its profile', async () => {
    signIn({ email_verified: 0 });
    const api = profileApi({
      'POST /api/verify-email': ({ body }: Call) =>
        (body as { code: string }).code === '123456'
          ? {
              user: makeUser({ email_verified: 1 }),
              message: 'Your campus e-mail is verified.',
            }
          : reply(422, { message: 'That code is not right. 4 tries left.', code: 'validation' }),
    });
    const { user } = openProfile();
    expect(
      await screen.findByRole('heading', { name: 'Confirm your campus e-mail' }),
    ).toBeVisible();
    expect(screen.getByText('maria@sfsu.edu')).toBeVisible();
    await user.type(screen.getByLabelText('Code from the e-mail'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('4 tries left');
    await user.clear(screen.getByLabelText('Code from the e-mail'));
    await user.type(screen.getByLabelText('Code from the e-mail'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your campus e-mail is verified.')).toBeVisible();
    expect(api.callsTo('POST /api/verify-email')[1]!.body).toEqual({ code: '123456' });
    expect(getSessionUser()!.email_verified).toBe(1);
    expect(screen.queryByRole('heading', { name: 'Confirm your campus e-mail' })).toBeNull();
  });

  it('sends a new code, and says how long to wait when asked too soon', async () => {
    signIn({ email_verified: 0 });
    const api = profileApi({
      'POST /api/verify-email/resend': reply(202, {
        message: 'A new code is on its way to maria@sfsu.edu.',
      }),
    });
    const { user } = openProfile();
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('A new code is on its way to maria@sfsu.edu.')).toBeVisible();
    api.set(
      'POST /api/verify-email/resend',
      reply(429, {
        message: 'Please wait 58 seconds before asking for another code.',
        code: 'rate_limited',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 58 seconds');
  });

  it('shows no banner to a verified account, and does not even ask', async () => {
    signIn({ email_verified: 1 });
    const api = profileApi();
    openProfile();
    await screen.findByRole('button', { name: 'Create Listing' });
    expect(screen.queryByRole('heading', { name: 'Confirm your campus e-mail' })).toBeNull();
    expect(api.callsTo('GET /api/config')).toHaveLength(0);
  });

  it('shows no banner where verification is off', async () => {
    signIn({ email_verified: 0 });
    const api = profileApi({ 'GET /api/config': config('off') });
    openProfile();
    await waitFor(() => expect(api.callsTo('GET /api/config')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Confirm your campus e-mail' })).toBeNull();
  });

  it('verifies with the mailed link, after signing in if need be', async () => {
    stubApi({});
    const { router } = renderAt(<VerifyEmailPage />, {
      path: '/verify-email',
      url: '/verify-email?code=654321',
    });
    await screen.findByRole('heading', { name: 'Login page' });
    expect(router.state.location.state).toEqual({
      from: '/verify-email?code=654321',
      reason: 'page',
    });

    signIn({ email_verified: 0 });
    const api = stubApi({
      'POST /api/verify-email': {
        user: makeUser({ email_verified: 1 }),
        message: 'Your campus e-mail is verified.',
      },
    });
    renderAt(<VerifyEmailPage />, { path: '/verify-email', url: '/verify-email?code=654321' });
    expect(await screen.findByText('Your campus e-mail is verified.')).toBeVisible();
    expect(api.calls.map((c) => c.body)).toEqual([{ code: '654321' }]);
    expect(screen.getByRole('link', { name: 'Go to your profile' })).toHaveAttribute(
      'href',
      '/RealUserProfile',
    );
  });
});

describe('changing the password from the profile', () => {
  it('sends the current and the new password and says the other devices were signed out', async () => {
    signIn();
    const api = profileApi({
      'PUT /api/password': {
        message: 'Your password is changed. Every other device was signed out.',
      },
    });
    const { user, router } = openProfile();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('Current password'), 'campus-demo-1');
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new password');
    await user.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1)!);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Every other device was signed out.',
    );
    expect(api.callsTo('PUT /api/password')[0]!.body).toEqual({
      currentPassword: 'campus-demo-1',
      password: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(currentPath(router)).toBe('/RealUserProfile');
  });
});
