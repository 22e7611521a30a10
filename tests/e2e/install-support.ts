import { devices, type Page } from '@playwright/test';
import { expect } from './fixtures';

/*
 * Chromium's install offer as the browser makes it (`beforeinstallprompt`, synthetic: a test
 * browser never decides by itself that the app is worth installing), and the devices that
 * have none (iPhone, iPad), for the install journeys and their accessibility checks.
 */

export type Spied = Window & { persistCalls: number; permissionRequests: number; prompts: number };

/** Playwright's phone and tablet descriptors, run in Chromium as every other e2e test is. */
export function appleDevice(name: 'iPhone 15' | 'iPad Pro 11') {
  const { defaultBrowserType: _engine, ...device } = devices[name];
  return device;
}

/** Once the app's code has started (server-rendered pages start it after load). */
export async function appStarted(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
}

/** Fires Chromium's install offer; its prompt counts calls and answers `outcome`. */
export async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'accepted') {
  await appStarted(page);
  await page.evaluate((outcome) => {
    const spied = window as unknown as Spied;
    spied.prompts ??= 0;
    let choose: (choice: { outcome: string; platform: string }) => void = () => {};
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      platforms: ['web'],
      userChoice: new Promise((resolve) => (choose = resolve)),
      prompt: () => {
        spied.prompts += 1;
        choose({ outcome, platform: 'web' });
        return Promise.resolve();
      },
    });
    window.dispatchEvent(event);
  }, outcome);
}

/** How often the app called the install event's `prompt()` on this page. */
export const prompts = (page: Page) =>
  page.evaluate(() => (window as unknown as Spied).prompts ?? 0);

export const CARD_TEXT = 'Install Gator Market on your phone: deliveries keep working offline';
export const SHEET_NAME = 'Add Gator Market to your Home Screen';
