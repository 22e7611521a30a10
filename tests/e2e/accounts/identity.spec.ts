/**
 * Campus identity in the browser: the address confirmed by the mailed link (opened on another
 * device, signing in on the way), a forgotten password reset through the mailed link, and the
 * same with a real mail server (SMTP_URL) on another origin instead of the built-in mailbox.
 */
import type { Page } from '@playwright/test';
import { startSmtp, type SmtpStandIn } from '../../fixtures/smtp';
import {
  expect,
  expectConsoleError,
  nextDialog,
  signInWithForm,
  test,
  uniqueName,
} from '../fixtures';
import { mailsTo, verifyFromMailbox } from '../mailbox';
import { startAppServer, standInPort, type AppServer } from '../map-support';
import { openBrowser } from '../storefront-support';

const PASSWORD = 'a-long-password';

async function registerWithForm(page: Page, username: string) {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Vera');
  await page.getByLabel('Last Name').fill('Verify');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('SFSU Email').fill(`${username}@sfsu.edu`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  const alert = nextDialog(page);
  await page.getByRole('button', { name: 'Register' }).click();
  expect(await alert).toBe('Registered successfully!');
  await expect(page).toHaveURL(/\/RealUserProfile$/);
}

/** Opens the newest mail to `email` in the built-in mailbox, as a developer would. */
async function openMail(page: Page, email: string, subject: string) {
  await page.goto(`/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: subject }).first().click();
  await expect(page.getByRole('heading', { name: 'As text' })).toBeVisible();
}

test('an unverified student is asked to confirm the address, and does so with the mailed link on another device', async ({
  browser,
  baseURL,
  consoleErrors,
}) => {
  const username = uniqueName('vera');
  const email = `${username}@sfsu.edu`;
  const laptop = await openBrowser(browser, baseURL!, consoleErrors);
  await registerWithForm(laptop.page, username);
  await expect(
    laptop.page.getByRole('region', { name: 'Confirm your campus e-mail' }),
  ).toContainText(email);
  // Acting on others waits for the confirmed address.
  await laptop.page.getByRole('button', { name: 'Become a Courier' }).click();
  await expect(laptop.page.getByRole('alert')).toContainText(
    'Please verify your campus e-mail first',
  );
  // Chromium logs the refusal's status as a console error; the page handled it.
  await expectConsoleError(consoleErrors, /403/);

  // The link in the mail, opened on a phone that is not signed in.
  await openMail(laptop.page, email, 'Confirm your campus e-mail for Gator Market');
  const link = await laptop.page
    .getByRole('link', { name: /\/verify-email\?code=/ })
    .getAttribute('href');
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/verify-email\?code=[0-9]{6}$/);
  const phone = await openBrowser(browser, baseURL!, consoleErrors, true);
  await phone.page.goto(link!);
  await expect(phone.page).toHaveURL(/\/login$/);
  await phone.page.getByLabel('Email').fill(email);
  await phone.page.getByLabel('Password').fill(PASSWORD);
  const alert = nextDialog(phone.page);
  await phone.page.getByRole('button', { name: 'Login' }).click();
  expect(await alert).toBe('Logged in!');
  await expect(phone.page).toHaveURL(/\/verify-email\?code=/);
  await expect(phone.page.getByText('Your campus e-mail is verified.')).toBeVisible();
  await phone.page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(phone.page.getByRole('heading', { name: 'Vera Verify' })).toBeVisible();
  await expect(phone.page.getByRole('region', { name: 'Confirm your campus e-mail' })).toHaveCount(
    0,
  );

  // Back on the laptop, the profile knows too, and becoming a courier works.
  await laptop.page.goto('/RealUserProfile');
  await expect(laptop.page.getByRole('heading', { name: 'Vera Verify' })).toBeVisible();
  await expect(laptop.page.getByRole('region', { name: 'Confirm your campus e-mail' })).toHaveCount(
    0,
  );
  await laptop.page.getByRole('button', { name: 'Become a Courier' }).click();
  await expect(laptop.page.getByText('You are now a courier.')).toBeVisible();
  await laptop.context.close();
  await phone.context.close();
});

test('a student who forgot the password resets it with the mailed link; the old session ends', async ({
  browser,
  baseURL,
  consoleErrors,
  playwright,
}) => {
  const username = uniqueName('rita');
  const email = `${username}@sfsu.edu`;
  // Registered and signed in on another device, which the reset signs out.
  const other = await playwright.request.newContext({ baseURL });
  const registered = await other.post('/api/register', {
    data: {
      firstName: 'Rita',
      lastName: 'Reset',
      username,
      sfsu_email: email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(registered.ok()).toBe(true);
  await verifyFromMailbox(other, email);

  const { page, context } = await openBrowser(browser, baseURL!, consoleErrors, true);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The login page (which has an Email field too) stays until the next page's code has come.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address');

  await mailsTo(other, email, 2);
  await openMail(page, email, 'Reset your Gator Market password');
  await page.getByRole('link', { name: /\/reset-password\?token=/ }).click();
  await expect(page).toHaveURL(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  await page.getByLabel('New password', { exact: true }).fill('my-new-password');
  await page.getByLabel('Confirm new password').fill('my-new-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed.');
  expect((await other.get('/api/me')).status()).toBe(401);

  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('my-new-password');
  const alert = nextDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  expect(await alert).toBe('Logged in!');
  // And a notice of the change is in the mailbox.
  const mails = await mailsTo(other, email, 3);
  expect(mails[0]!.subject).toBe('Your Gator Market password was changed');
  await context.close();
  await other.dispose();
});

test.describe('with a mail server (SMTP_URL) on another origin', () => {
  let smtp: SmtpStandIn;
  let app: AppServer;
  test.beforeAll(async () => {
    smtp = await startSmtp(standInPort(8));
    const port = standInPort(7);
    app = await startAppServer(port, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Gator Market <market@campus.test>',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TILE_URL: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  test('the code and the reset link arrive at the mail server, and the mailbox stays shut', async ({
    browser,
    consoleErrors,
  }) => {
    const username = uniqueName('smtp');
    const email = `${username}@sfsu.edu`;
    const { page, context } = await openBrowser(browser, app.url, consoleErrors);
    await registerWithForm(page, username);
    const code = await smtp.codeFor(email);
    const banner = page.getByRole('region', { name: 'Confirm your campus e-mail' });
    await banner.getByLabel('Code from the e-mail').fill(code);
    await banner.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Your campus e-mail is verified.')).toBeVisible();
    expect((await page.request.get('/mailbox')).status()).toBe(404);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login page (which has an Email field too) stays until the next page's code has come.
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses that address');
    const mail = await smtp.mailTo(email, { after: 1 });
    expect(mail.from).toEqual({ address: 'market@campus.test', name: 'Gator Market' });
    expect(mail.html).toContain('Choose a new password');
    const link = /http:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)![0];
    await context.close();
    // The link opened in another browser, signed out.
    const other = await openBrowser(browser, app.url, consoleErrors);
    await other.page.goto(link);
    await other.page.getByLabel('New password', { exact: true }).fill('smtp-new-password');
    await other.page.getByLabel('Confirm new password').fill('smtp-new-password');
    await other.page.getByRole('button', { name: 'Set new password' }).click();
    await expect(other.page.getByRole('status')).toContainText('Your password is changed.');
    await signInWithForm(other.page, username, 'smtp-new-password');
    await other.context.close();
  });
});
