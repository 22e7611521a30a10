import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { LoginPage } from '#client/features/auth/login-page.js';
import { RegisterPage } from '#client/features/auth/register-page.js';
import { checkRegister, EMPTY_REGISTER_FORM } from '#client/features/auth/register-rules.js';
import { getSessionExpiry, getSessionUser } from '#client/lib/session.js';
import { SESSION_MS } from '#shared/constants.js';
import { makeUser } from '../support/data';
import { offline, reply, stubApi } from '../support/fetch-stub';
import { currentPath, renderAt } from '../support/render';

let alertSpy: MockInstance<(message?: unknown) => void>;
beforeEach(() => {
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
const alerts = () => alertSpy.mock.calls.map((c) => c[0]);

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
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(alerts()).toEqual(['Logged in!']);
    expect(api.calls[0]!.body).toEqual({ email: 'maria@sfsu.edu', password: 'campus-demo-1' });
    expect(getSessionUser()).toEqual(maria);
    const expiry = getSessionExpiry()!;
    expect(expiry - Date.now()).toBeGreaterThan(SESSION_MS - 60_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(SESSION_MS);
  });

  it('alerts the server message when sign-in fails', async () => {
    stubApi({ 'POST /api/login': reply(401, { message: 'Invalid email or password.' }) });
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'maria@sfsu.edu');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(alerts()).toEqual(['Invalid email or password.']));
    expect(getSessionUser()).toBeNull();
  });

  it('alerts "Login failed" when the server gives no message', async () => {
    stubApi({ 'POST /api/login': () => new Response('', { status: 401 }) });
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'maria@sfsu.edu');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(alerts()).toEqual(['Login failed']));
  });

  it('alerts "Something went wrong. Please try again." on a network error', async () => {
    stubApi({ 'POST /api/login': offline });
    const { user } = open();
    await user.type(screen.getByLabelText('Email'), 'maria@sfsu.edu');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(alerts()).toEqual(['Something went wrong. Please try again.']));
  });
});

describe('register', () => {
  function open() {
    return renderAt(<RegisterPage />, { path: '/signup', url: '/signup' });
  }

  async function fill(
    user: ReturnType<typeof open>['user'],
    values: Partial<Record<string, string>> = {},
    agree = true,
  ) {
    const v = {
      'First Name': 'Ana',
      'Last Name': 'Diaz',
      Username: 'ana',
      'SFSU Email': 'ana@sfsu.edu',
      Password: 'long-password',
      'Confirm Password': 'long-password',
      ...values,
    };
    for (const [label, value] of Object.entries(v)) {
      if (value) await user.type(screen.getByLabelText(label), value);
    }
    if (agree) await user.click(screen.getByRole('checkbox'));
  }

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
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Please enter a valid SFSU email to register',
        'Please register with your campus e-mail (@sfsu.edu).',
      ]),
    );
    expect(api.callsTo('POST /api/register')).toHaveLength(1);
  });

  it('refuses passwords that differ', async () => {
    const api = stubApi({});
    const { user } = open();
    await fill(user, { 'Confirm Password': 'other-password' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(alerts()).toEqual(["Passwords don't match"]);
    expect(api.calls).toHaveLength(0);
  });

  it('requires agreeing to the terms', async () => {
    const api = stubApi({});
    const { user } = open();
    await fill(user, {}, false);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(alerts()).toEqual(['You must agree to the Terms of Service and User Agreement']);
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
    await waitFor(() => expect(currentPath(router)).toBe('/RealUserProfile'));
    expect(alerts()).toEqual(['Registered successfully!']);
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
    await waitFor(() => expect(alerts()).toEqual(['That username is taken.']));
    expect(screen.getByRole('alert')).toHaveTextContent('That username is taken.');
  });

  it('alerts the network failure message', async () => {
    stubApi({ 'POST /api/register': offline });
    const { user } = open();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(alerts()).toEqual(['Something went wrong. Please try again.']));
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
