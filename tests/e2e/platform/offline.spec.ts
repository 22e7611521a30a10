import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../../../playwright.config';
import { expect, test } from '../fixtures';
import { goOffline, goOnline, pngSize, waitForServiceWorker } from '../offline-helpers';

test.describe('offline app shell', () => {
  test('the service worker controls the page and / reloads offline from cache', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
      /\/sw\.js$/,
    );

    await goOffline(context);
    await page.reload();
    await expect(page).toHaveTitle(/Gator Market/);
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page.getByTestId('offline-banner')).toContainText('Offline');

    // A route never visited before also opens: the whole shell is precached.
    await page.goto('/aboutTeam');
    await expect(page.locator('#root')).not.toBeEmpty();
    await goOnline(context);
    await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  });

  test('listing images are cached by the worker and shown offline', async ({
    page,
    context,
    request,
  }) => {
    const listings = (await (await request.get('/api/all')).json()) as {
      thumbnail: string | null;
    }[];
    const image = listings.find((l) => l.thumbnail)?.thumbnail;
    expect(image).toMatch(/^\/uploads\//);

    await page.goto('/');
    await waitForServiceWorker(page);
    await page.evaluate(async (url) => {
      await fetch(url!);
    }, image);
    // The worker answers first and stores the copy after (Workbox's cachePut runs in waitUntil).
    await expect
      .poll(() => page.evaluate(async (url) => !!(await caches.match(url!)), image), {
        message: 'the image is in a runtime cache',
      })
      .toBe(true);

    await goOffline(context);
    const status = await page.evaluate(async (url) => (await fetch(url!)).status, image);
    expect(status).toBe(200);
    await goOnline(context);
  });
});

test.describe('a new version', () => {
  test('shows "New version available — Reload" and reloads only when the user says so', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));

    // A deploy: the server now has a different sw.js (the build output, changed on disk).
    const swFile = path.join(process.env.BUILD_OUT ?? 'dist', 'client', 'sw.js');
    const original = fs.readFileSync(swFile, 'utf8');
    try {
      fs.writeFileSync(swFile, `${original}\n// deployed ${Date.now()}\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });

      const prompt = page.getByTestId('update-prompt');
      await expect(prompt).toContainText('New version available');
      // Nothing reloaded under the user.
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);

      await Promise.all([
        page.waitForEvent('load'),
        prompt.getByRole('button', { name: 'Reload' }).click(),
      ]);
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            waiting: registration?.waiting ?? null,
            controlled: !!navigator.serviceWorker.controller,
          };
        }),
      ).toEqual({ waiting: null, controlled: true });
    } finally {
      fs.writeFileSync(swFile, original);
    }
  });
});

test.describe('installable', () => {
  test('sw.js is never cached by HTTP; the manifest is served as a manifest', async ({
    request,
    page,
  }) => {
    const sw = await request.get('/sw.js');
    expect(sw.ok()).toBe(true);
    expect(sw.headers()['cache-control']).toBe('no-cache');

    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await request.get(href!);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  });

  test('the manifest has the fields an installed app needs, and its images exist', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await request.get(href!)).json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
      shortcuts: { name: string; url: string }[];
      screenshots: { src: string; sizes: string; form_factor?: string }[];
    };
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Gator Market'),
      short_name: 'Gator Market',
      description: expect.any(String),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#46237a',
      background_color: expect.stringMatching(/^#/),
    });
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/CourierPage', '/OrderStatus']);

    const sizes = (purpose: string) =>
      manifest.icons.filter((i) => (i.purpose ?? 'any').includes(purpose)).map((i) => i.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toContain('512x512');
    expect(manifest.screenshots.map((s) => s.form_factor ?? 'narrow')).toEqual(
      expect.arrayContaining(['narrow', 'wide']),
    );

    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const response = await request.get(image.src);
      expect(response.ok(), image.src).toBe(true);
      const { width, height } = pngSize(await response.body());
      expect(`${width}x${height}`, image.src).toBe(image.sizes);
    }
  });

  test('Chromium reports no installability errors', async ({ baseURL }) => {
    // Installability is never granted in incognito, so use a real (persistent) profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(baseURL!);
      await waitForServiceWorker(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
