import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '#client/features/accounts/login-page.js';
import { RegisterPage } from '#client/features/accounts/register-page.js';
import { checkRegister, EMPTY_REGISTER_FORM } from '#client/features/accounts/register-rules.js';
import { getSessionExpiry, getSessionUser } from '#client/lib/session.js';
import { SESSION_MS } from '#shared/constants.js';
import { makeUser } from '../support/data';
import { offline, reply, stubApi } from '../support/fetch-stub';
import { answerNextDialog, noDialog } from '../support/dialogs';
import { fillRegisterForm } from '../support/register-form';
import { currentPath, renderAt } from '../support/render';

describe('login', () => {
  function open() {
    return renderAt(<LoginPage />, { path: '/signin', url: '/signin' });
  }

  it('requires e-mail and password', async () => {
    const api = stubApi({});
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email and password.');
    expect(api.calls).toHaveLength(0);
  });

  it('signs in: alerts "Logged in!", stores the session for 30 minutes, leaves the page', async () => {
    const maria = makeUser();
    const api = stubApi({ 'POST /api/login': { user: maria, message: 'Logged in!' } });
    const { user, router } = open();
    await user.type(screen.getByLabelText('Email'), 'maria@sfsu.edu');
    await user.type(screen.getByLabelText('Password'), 'campus-demo-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await answerNextDialog(user)).toBe('Logged in!');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(noDialog()).toBe(true);
    expect(api.calls[0]!.body).toEqual({ email: 'maria@sfsu.edu', password: 'campus-demo-1' });
    expect(getSessionUser()).toEqual(maria);
    const expiry = getSessionExpiry()!;
    expect(expiry - Date.now()).toBeGreaterThan(SESSION_MS - 60_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(SESSION_MS);
  });

  it.each([
    {
      name: 'alerts the server message when sign-in fails',
      answer: reply(401, { message: 'Invalid email or password.' }),
      password: 'wrong',
      alert: 'Invalid email or password.',
    },
    {
      name: 'alerts "Login failed" when the server gives no message',
      answer: () => new Response('', { status: 401 }),
      password: 'x',
      alert: 'Login failed',
    },
    {
      name: 'alerts "Something went wrong. Please try again." on a network error',
      answer: offline,
      password: 'x',
      alert: 'Something went wrong. Please try again.',
    },
  ])('$name', async ({ answer, password, alert }) => {
    stubApi({ 'POST /api/login': answer });
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'maria@sfsu.edu');
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await answerNextDialog(user)).toBe(alert);
    expect(noDialog()).toBe(true);
    expect(getSessionUser()).toBeNull();
  });
});

describe('register', () => {
  function open() {
    return renderAt(<RegisterPage />, { path: '/signup', url: '/signup' });
  }

  const fill = fillRegisterForm;

  it('requires all fields', async () => {
    const api = stubApi({});
    const { user } = open();
    await fill(user, { Username: '' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields.');
    expect(api.calls).toHaveLength(0);
  });

  it('marks each missing field with its own message and focuses the first', async () => {
    stubApi({});
    const { user } = open();
    await fill(user, { 'Last Name': '', Password: '' }, false);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const lastName = screen.getByLabelText('Last Name');
    const password = screen.getByLabelText('Password');
    const terms = screen.getByRole('checkbox');
    for (const missing of [lastName, password, terms])
      expect(missing).toHaveAttribute('aria-invalid', 'true');
    expect(lastName).toHaveAccessibleDescription('Please enter your Last Name.');
    expect(password).toHaveAccessibleDescription(/^Please enter your Password\./);
    expect(terms).toHaveAccessibleDescription(
      'You must agree to the Terms of Service and User Agreement',
    );
    expect(screen.getByLabelText('First Name')).not.toHaveAttribute('aria-invalid');
    // The spec's alert is read first; then the first field to fill in takes the focus.
    expect(await answerNextDialog(user)).toBe('Please fill in all fields.');
    expect(lastName).toHaveFocus();
    // Filled in, a field is no longer marked.
    await user.type(lastName, 'Diaz');
    expect(lastName).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your Last Name.')).toBeNull();
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('alerts an off-campus e-mail but still submits (the server refuses it)', async () => {
    const api = stubApi({
      'POST /api/register': reply(400, {
        message: 'Please register with your campus e-mail (@sfsu.edu).',
      }),
    });
    const { user } = open();
    await fill(user, { 'SFSU Email': 'ana@gmail.com' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await answerNextDialog(user)).toBe('Please enter a valid SFSU email to register');
    expect(await answerNextDialog(user)).toBe(
      'Please register with your campus e-mail (@sfsu.edu).',
    );
    expect(noDialog()).toBe(true);
    expect(api.callsTo('POST /api/register')).toHaveLength(1);
  });

  it('refuses passwords that differ', async () => {
    const api = stubApi({});
    const { user } = open();
    await fill(user, { 'Confirm Password': 'other-password' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await answerNextDialog(user)).toBe("Passwords don't match");
    expect(noDialog()).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('requires agreeing to the terms', async () => {
    const api = stubApi({});
    const { user } = open();
    await fill(user, {}, false);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await answerNextDialog(user)).toBe(
      'You must agree to the Terms of Service and User Agreement',
    );
    expect(noDialog()).toBe(true);
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(screen.getByRole('link', { name: 'User Agreement' })).toHaveAttribute(
      'href',
      '/user-agreement',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('registers: alerts "Registered successfully!", stores the session, goes to /RealUserProfile', async () => {
    const ana = makeUser({ user_id: 40, username: 'ana' });
    const api = stubApi({
      'POST /api/register': reply(201, { user: ana, message: 'Registered successfully!' }),
    });
    const { user, router } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await answerNextDialog(user)).toBe('Registered successfully!');
    await waitFor(() => expect(currentPath(router)).toBe('/RealUserProfile'));
    expect(noDialog()).toBe(true);
    expect(api.calls[0]!.body).toEqual({
      firstName: 'Ana',
      lastName: 'Diaz',
      username: 'ana',
      sfsu_email: 'ana@sfsu.edu',
      password: 'long-password',
      confirmPassword: 'long-password',
    });
    expect(getSessionUser()).toEqual(ana);
  });

  it('alerts the server message on failure', async () => {
    stubApi({ 'POST /api/register': reply(409, { message: 'That username is taken.' }) });
    const { user } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await answerNextDialog(user)).toBe('That username is taken.');
    expect(noDialog()).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent('That username is taken.');
  });

  it('alerts the network failure message', async () => {
    stubApi({ 'POST /api/register': offline });
    const { user } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await answerNextDialog(user)).toBe('Something went wrong. Please try again.');
    expect(noDialog()).toBe(true);
  });
});

describe('register rules', () => {
  const good = {
    ...EMPTY_REGISTER_FORM,
    firstName: 'A',
    lastName: 'B',
    username: 'ab',
    sfsu_email: 'ab@sfsu.edu',
    password: 'x',
    confirmPassword: 'x',
    agreed: true,
  };
  it('check in the spec order', () => {
    expect(checkRegister(good)).toEqual({ warning: undefined });
    expect(checkRegister({ ...good, firstName: '  ' }).error).toBe('Please fill in all fields.');
    expect(checkRegister({ ...good, sfsu_email: 'ab@SFSU.EDU' }).warning).toBeUndefined();
    expect(checkRegister({ ...good, sfsu_email: 'ab@sfsu.edu.evil.com' })).toEqual({
      warning: 'Please enter a valid SFSU email to register',
    });
    expect(checkRegister({ ...good, sfsu_email: 'a@x.org', confirmPassword: 'y' })).toEqual({
      warning: 'Please enter a valid SFSU email to register',
      error: "Passwords don't match",
    });
    expect(checkRegister({ ...good, agreed: false }).error).toBe(
      'You must agree to the Terms of Service and User Agreement',
    );
  });

  it('says plainly what is wrong with a look-alike username, before the server does', () => {
    expect(checkRegister({ ...good, username: 'm\u0430ria' }).error).toMatch(
      /letters of one alphabet/,
    );
    expect(checkRegister({ ...good, username: 'mar\u200Bia' }).error).toMatch(
      /invisible characters/,
    );
    expect(checkRegister({ ...good, username: 'ｍａｒｉａ' })).toEqual({ warning: undefined });
  });
});
