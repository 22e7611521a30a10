import { test as base, expect, type Page } from '@playwright/test';
import { startWorkerServer, type AppServer } from './app-server';

/*
 * The one support module every journey starts from: the test with its fixtures (console errors
 * count against a test; `signIn` goes through the login form) and the small helpers of people's
 * browsers (dialogs, names, expected console lines).
 */

/**
 * Every e2e test runs against its worker's own server (`baseURL`), and fails on an unexpected
 * console error or uncaught page error.
 */
export const test = base.extend<
  {
    consoleErrors: string[];
    /** Signs the test's page in through the login form: a demo username or any e-mail. */
    signIn: (who: string, password?: string) => Promise<void>;
    /** The app itself (the browser may reach it otherwise): for the API calls that set up. */
    appURL: string;
  },
  { workerServer: AppServer }
>({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startWorkerServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
  appURL: async ({ workerServer }, use) => use(workerServer.url),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      countConsoleErrors(page, errors);
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  signIn: async ({ page }, use) => {
    await use((who, password) => signInWithForm(page, who, password));
  },
});

export { expect };

export const DEMO_PASSWORD = 'campus-demo-1';
export const demoEmail = (username: string) => `${username}@sfsu.edu`;

/** Console errors and uncaught errors of `page` go to `errors` (the test fails on any left). */
export function countConsoleErrors(page: Page, errors: string[]): void {
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // The browser's line for a failed request does not say which one: the address is added.
    const text = msg.text();
    const where = msg.location().url;
    errors.push(text.startsWith('Failed to load resource') && where ? `${text} ${where}` : text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The app shows its own dialogs: a browser one would freeze the page on a phone.
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') return;
    errors.push(`a browser ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** A name nobody else has used: for accounts and listings a test creates. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs in through the login form, as a person would: a demo username or any e-mail. */
export async function signInWithForm(page: Page, who: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.includes('@') ? who : demoEmail(who));
  await page.getByLabel('Password').fill(password);
  const alert = nextDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  expect(await alert).toBe('Logged in!');
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Answers the app's next alert or question (its own dialog, lib/dialogs.ts) as a person would:
 * reads its words, taps OK or its confirm button (or, with `accept` false, its cancel button)
 * and waits for it to go. Its words are the product's (the spec's strings where it has them).
 * A browser alert or confirm would fail the test: the app uses none.
 */
export async function nextDialog(page: Page, accept = true): Promise<string> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor({ timeout: 15_000 });
  const element = await dialog.elementHandle();
  const words = (await dialog.getByRole('heading').textContent()) ?? '';
  await dialog.locator(`[data-answer="${accept ? 'yes' : 'no'}"]`).click();
  // Gone (the next one, if any, is a new dialog).
  await element?.waitForElementState('hidden');
  return words;
}

/**
 * Takes one expected line off the console errors: Chromium logs every 4xx response as an error
 * even when the app handles it as designed (the 404 of an unknown listing, a lost claim's 409).
 */
export async function expectConsoleError(errors: string[], pattern: RegExp) {
  await expect
    .poll(() => errors.some((e) => pattern.test(e)), { message: `a console error ${pattern}` })
    .toBe(true);
  errors.splice(
    errors.findIndex((e) => pattern.test(e)),
    1,
  );
}
