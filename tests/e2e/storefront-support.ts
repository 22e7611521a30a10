/** Helpers for the storefront journeys: people in their own browsers, dialogs. */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, expect } from './fixtures';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
} as const;

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

export interface Person {
  page: Page;
  context: BrowserContext;
}

/** A browser of its own whose console errors count against the test. */
export async function openBrowser(
  browser: Browser,
  baseURL: string,
  consoleErrors: string[],
  phone = false,
): Promise<Person> {
  const context = await browser.newContext({ baseURL, ...(phone ? PHONE : {}) });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, context };
}

/** Signs in through the login form, as a person would. */
export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demoEmail(username));
  await page.getByLabel('Password').fill(password);
  const alert = nextDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  expect(await alert).toBe('Logged in!');
  await expect(page).not.toHaveURL(/\/login/);
}

/** Accepts the next alert or confirm and reports its text. */
export function nextDialog(page: Page, accept = true): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

/**
 * Takes one expected line off the console errors: Chromium logs every 4xx response as an
 * error even when the app handles it as designed (e.g. the 404 of an unknown listing).
 */
export async function expectConsoleError(errors: string[], pattern: RegExp) {
  await expect.poll(() => errors.some((e) => pattern.test(e))).toBe(true);
  errors.splice(
    errors.findIndex((e) => pattern.test(e)),
    1,
  );
}
