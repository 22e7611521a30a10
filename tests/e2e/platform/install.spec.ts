/**
 * Installing the app (docs/decisions/025-install-offer.md): Chromium's install offer (a
 * synthetic `beforeinstallprompt`, as the browser fires it) in the header and on the courier
 * dashboard, nothing while running installed, the Add to Home Screen steps on an iPhone,
 * persistent storage asked for where a courier's data starts and never for visitors, the Home
 * Screen icon, and the manifest's shortcuts landing on their screens.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath } from '../../../playwright.config';
import { layoutProblems } from '../../fixtures/header-fit';
import { countConsoleErrors, expect, nextDialog, signInWithForm, test } from '../fixtures';
import {
  appleDevice,
  appStarted,
  CARD_TEXT,
  offerInstall,
  prompts,
  SHEET_NAME,
  type Spied,
} from '../install-support';
import { blankTiles, deliveryForTom, pngSize, waitForServiceWorker } from '../offline-helpers';

/**
 * Counts calls of `navigator.storage.persist()` and of the notification permission request
 * (calling through to the browser's own), from before the app's first code.
 */
function spyOnPermissions() {
  const spied = window as unknown as Spied;
  spied.persistCalls = 0;
  spied.permissionRequests = 0;
  const persist = StorageManager.prototype.persist;
  StorageManager.prototype.persist = function (this: StorageManager) {
    spied.persistCalls += 1;
    return persist.call(this);
  };
  if (typeof Notification !== 'undefined') {
    const request = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      spied.permissionRequests += 1;
      return request(...args);
    };
  }
}

/** The app opened from the Home Screen: `(display-mode: standalone)` matches, as installed. */
function runInstalled() {
  const matchMedia = window.matchMedia.bind(window);
  window.matchMedia = (query: string) => {
    const list = matchMedia(query);
    if (query.replace(/\s/g, '') === '(display-mode:standalone)')
      Object.defineProperty(list, 'matches', { get: () => true });
    return list;
  };
}

const persistCalls = (page: Page) => page.evaluate(() => (window as unknown as Spied).persistCalls);

test.describe('where the browser offers to install the app', () => {
  test("Chromium's own offer, made on a first visit before the app's code has started, shows Install app", async ({
    baseURL,
  }) => {
    // Chromium offers only in a real profile, and without its wait for the person's engagement.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--bypass-app-banner-engagement-checks',
      ],
    });
    const errors: string[] = [];
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      countConsoleErrors(page, errors);
      await page.addInitScript(() =>
        addEventListener('beforeinstallprompt', () =>
          document.documentElement.setAttribute('data-offered', ''),
        ),
      );
      await page.goto(baseURL!);
      await expect(page.locator('html')).toHaveAttribute('data-offered', '', { timeout: 20_000 });
      await expect(
        page.getByRole('banner').getByRole('button', { name: 'Install app' }),
      ).toBeVisible();
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
    expect(errors).toEqual([]);
  });

  test('a visitor finds Install app in the header, which fits on phones and calls prompt()', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/');
    const install = page.getByRole('banner').getByRole('button', { name: 'Install app' });
    await appStarted(page);
    await expect(install).toHaveCount(0);

    await offerInstall(page);
    await expect(install).toBeVisible();
    for (const width of [360, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(layoutProblems), `header at ${width} px`).toEqual([]);
      const box = (await install.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }
    await expect(install).toContainText('Install app');

    await install.click();
    expect(await prompts(page)).toBe(1);
    // Accepted: the app is installed, and nothing offers it any more.
    await expect(install).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('a courier gets the card once: in the menu always, the dismissed card never again on this device', async ({
    page,
  }) => {
    await signInWithForm(page, 'jace');
    await page.goto('/CourierPage');
    await expect(page.getByRole('heading', { name: 'Courier Dashboard' })).toBeVisible();
    await expect(page.getByText(CARD_TEXT)).toHaveCount(0);

    await offerInstall(page, 'dismissed');
    await expect(page.getByText(CARD_TEXT)).toBeVisible();
    const card = page.locator('section', { hasText: CARD_TEXT });
    await card.getByRole('button', { name: 'Install app' }).click();
    expect(await prompts(page)).toBe(1);
    // Dismissed in the browser's dialog: that offer is spent until the browser makes another.
    await expect(page.getByText(CARD_TEXT)).toHaveCount(0);

    await offerInstall(page, 'dismissed');
    await card.getByRole('button', { name: 'Dismiss the install suggestion' }).click();
    await expect(page.getByText(CARD_TEXT)).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Courier Dashboard' })).toBeVisible();
    await offerInstall(page);
    await page.getByRole('button', { name: /jace account menu/ }).click();
    const menuItem = page
      .getByRole('list', { name: 'Account' })
      .getByRole('button', { name: 'Install app' });
    await expect(menuItem).toBeVisible();
    await expect(page.getByText(CARD_TEXT)).toHaveCount(0);
    await menuItem.click();
    expect(await prompts(page)).toBe(1);
    await expect(page.getByRole('list', { name: 'Account' })).toBeHidden();
  });

  test('nothing is offered while the app runs installed (display-mode: standalone)', async ({
    page,
  }) => {
    await page.addInitScript(runInstalled);
    await page.goto('/');
    await offerInstall(page);
    await signInWithForm(page, 'jace');
    await page.goto('/CourierPage');
    await expect(page.getByRole('heading', { name: 'Courier Dashboard' })).toBeVisible();
    await offerInstall(page);
    await page.getByRole('button', { name: /jace account menu/ }).click();
    await expect(page.getByRole('list', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
    await expect(page.getByText(CARD_TEXT)).toHaveCount(0);

    await page.goto('/');
    await offerInstall(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Install app' })).toHaveCount(
      0,
    );
  });
});

test('on an iPhone, Install app shows the Add to Home Screen steps and asks for no permission', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...appleDevice('iPhone 15'), baseURL });
  const errors: string[] = [];
  try {
    await context.addInitScript(spyOnPermissions);
    const page = await context.newPage();
    countConsoleErrors(page, errors);
    await page.goto('/');
    await appStarted(page);
    expect(await page.evaluate(layoutProblems)).toEqual([]);

    const install = page.getByRole('banner').getByRole('button', { name: 'Install app' });
    await install.tap();
    const sheet = page.getByRole('dialog', { name: SHEET_NAME });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('tap Share, then Add to Home Screen');
    await expect(sheet).toContainText('Works offline');
    await expect(sheet).toContainText('Notifications');
    // The Share symbol is drawn in the page, with no image to load.
    await expect(sheet.locator('svg').first()).toBeVisible();
    await expect(sheet.locator('img')).toHaveCount(0);
    // A bottom sheet within the screen, its last button above the bottom edge.
    const viewport = page.viewportSize()!;
    const done = (await sheet.getByRole('button', { name: 'Got it' }).boundingBox())!;
    expect(done.y + done.height).toBeLessThanOrEqual(viewport.height);

    await sheet.getByRole('button', { name: 'Got it' }).tap();
    await expect(sheet).toBeHidden();
    await expect(install).toBeFocused();
    expect(
      await page.evaluate(() => {
        const spied = window as unknown as Spied;
        return { persist: spied.persistCalls, permission: spied.permissionRequests };
      }),
    ).toEqual({ persist: 0, permission: 0 });
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
});

test.describe("keeping a courier's data", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(spyOnPermissions);
  });

  test('a visitor is never asked; the courier dashboard asks, and the profile says what is kept', async ({
    page,
  }) => {
    await page.goto('/');
    await appStarted(page);
    await waitForServiceWorker(page);
    await page.waitForLoadState('networkidle');
    expect(await persistCalls(page)).toBe(0);

    await signInWithForm(page, 'jace');
    await page.goto('/CourierPage');
    await expect(page.getByRole('heading', { name: 'Courier Dashboard' })).toBeVisible();
    await expect.poll(() => persistCalls(page)).toBe(1);

    await page.goto('/RealUserProfile');
    await expect(
      page.getByText(
        /^Offline data: (kept on this device|may be cleared by the browser), \d+(\.\d)? (kB|MB) used$/,
      ),
    ).toBeVisible();
    expect(await persistCalls(page)).toBe(0);
  });

  test("the outbox's first update asks too", async ({ page, playwright, baseURL }) => {
    const { deliveryId } = await deliveryForTom((o) => playwright.request.newContext(o), baseURL!);
    await blankTiles(page.context());
    await signInWithForm(page, 'tom');
    await page.goto(`/courierNav/${deliveryId}`);
    await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
    expect(await persistCalls(page)).toBe(0);
    await page.getByRole('button', { name: 'PICKED UP' }).click();
    await expect(page.getByRole('button', { name: 'FINISH DROP OFF' })).toBeEnabled();
    expect(await persistCalls(page)).toBe(1);
  });
});

test.describe('on the Home Screen', () => {
  test('the icon is 180x180 and the pages name the app for iOS, server-rendered or not', async ({
    request,
  }) => {
    for (const path of ['/', '/productListing/1', '/CourierPage']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(
        '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"',
      );
      expect(html, path).toContain(
        '<meta name="apple-mobile-web-app-title" content="Gator Market"',
      );
      expect(html, path).toMatch(
        /<meta name="apple-mobile-web-app-status-bar-style" content="[a-z-]+"/,
      );
    }
    const icon = await request.get('/icons/apple-touch-icon.png');
    expect(icon.headers()['content-type']).toBe('image/png');
    expect(pngSize(await icon.body())).toEqual({ width: 180, height: 180 });
  });

  test("the manifest's shortcuts open their screens in the installed app, signed in or after signing in", async ({
    page,
    request,
  }) => {
    await page.addInitScript(runInstalled);
    const href = await (
      await request.get('/')
    )
      .text()
      .then((html) => /<link rel="manifest" href="([^"]+)"/.exec(html)![1]!);
    const { shortcuts } = (await (await request.get(href)).json()) as {
      shortcuts: { url: string }[];
    };
    const screens: Record<string, string> = {
      '/CourierPage': 'Courier Dashboard',
      '/OrderStatus': 'Order Status',
    };
    expect(shortcuts.map((s) => s.url)).toEqual(Object.keys(screens));

    // Not signed in yet: the shortcut asks to sign in, then opens its screen.
    await page.goto('/CourierPage');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill('jace@sfsu.edu');
    await page.getByLabel('Password').fill('campus-demo-1');
    const welcome = nextDialog(page);
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await welcome).toBe('Logged in!');
    await expect(page.getByRole('heading', { name: 'Courier Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(/\/CourierPage$/);

    await waitForServiceWorker(page);
    for (const { url } of shortcuts) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: screens[url] })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(url);
    }
  });
});
