/** Helpers for the storefront journeys: people in their own browsers, dialogs. */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { countConsoleErrors } from './fixtures';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
} as const;

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
  countConsoleErrors(page, consoleErrors);
  return { page, context };
}
