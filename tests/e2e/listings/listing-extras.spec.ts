/**
 * A seller edits a listing with several photos; a buyer keeps it as a favourite, saves a search
 * and hears of the lower price and of a new match in the notification centre. Real server,
 * real Chromium; the gallery is checked with axe and used by keyboard.
 */
import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';
import { makePng } from '../../fixtures/png';
import {
  countConsoleErrors,
  DEMO_PASSWORD,
  demoEmail,
  expect,
  test,
  uniqueName,
} from '../fixtures';
import { PHONE } from '../storefront-support';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's findings inside `selector`, one line each. */
async function violationsIn(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(
    async ({ selector, tags }) => {
      const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } })
        .axe;
      const result = (await axe.run(selector, { runOnly: { type: 'tag', values: tags } })) as {
        violations: { id: string; nodes: { target: string[] }[] }[];
      };
      return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target}`));
    },
    { selector, tags: TAGS },
  );
}

/** A demo account signed in, in a browser of its own (bypassCSP: axe is injected). */
async function demoPerson(
  browser: Browser,
  baseURL: string,
  username: string,
  consoleErrors: string[],
  phone = false,
) {
  const context = await browser.newContext({
    baseURL,
    ...(phone ? PHONE : {}),
    bypassCSP: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  countConsoleErrors(page, consoleErrors);
  const res = await page.request.post('/api/login', {
    data: { email: demoEmail(username), password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { user } = (await res.json()) as { user: { user_id: number } };
  await context.addInitScript((u) => {
    localStorage.setItem('user', JSON.stringify(u));
    localStorage.setItem('sessionExpiry', String(Date.now() + 25 * 60 * 1000));
  }, user);
  return { page, context, user };
}

const png = (width: number, height: number) => makePng(width, height).toString('base64');

test('a seller edits a listing with photos; a buyer keeps it, saves a search and hears of a lower price and a new match', async ({
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const seller = await demoPerson(browser, baseURL!, 'amara', consoleErrors);
  const buyer = await demoPerson(browser, baseURL!, 'kai', consoleErrors, true);
  // A word only these listings use, so the saved search finds them and nothing else.
  const word = uniqueName('shelf').toLowerCase();
  const title = `Walnut bookcase ${word}`;

  const created = await seller.page.request.post('/api/listing', {
    data: {
      thumbnail: png(64, 48),
      mimetype: 'image/png',
      title,
      price: 80,
      description: 'Five shelves, solid walnut.',
      category: 'Furniture',
      conditions: 'Used - Good',
      vendor_id: seller.user.user_id,
      photos: [{ thumbnail: png(60, 40), mimetype: 'image/png' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { listing_id } = (await created.json()) as { listing_id: number };
  const listingPath = `/productListing/${listing_id}`;

  await test.step('the buyer looks through the photos by keyboard and keeps it as a favourite', async () => {
    const page = buyer.page;
    await page.goto(listingPath);
    const gallery = page.getByRole('region', { name: `Photos of ${title}` });
    await expect(gallery).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    expect(await violationsIn(page, '.gallery')).toEqual([]);
    const track = gallery.getByRole('group', { name: /^Photo 1 of 2\./ });
    await track.focus();
    await page.keyboard.press('ArrowRight');
    await expect(gallery.getByRole('group', { name: /^Photo 2 of 2\./ })).toBeFocused();
    await expect(gallery.locator('[aria-live]')).toHaveText('Photo 2 of 2');
    await page.keyboard.press('Home');
    await expect(gallery.locator('[aria-live]')).toHaveText('Photo 1 of 2');

    const heart = page.getByRole('button', { name: `Favourite: ${title}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/favorites');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  });

  await test.step('…searches for it and saves the search', async () => {
    const page = buyer.page;
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', '');
    await page.getByLabel('Search listings').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Search saved' })).toBeVisible();
    await page.getByRole('link', { name: 'Your saved searches' }).click();
    await expect(page.getByText(`“${word}”`, { exact: true })).toBeVisible();
  });

  await test.step('the seller edits it: a lower price, a new photo first, the old cover last', async () => {
    const page = seller.page;
    const before = await page.request.get(`/api/listing/${listing_id}`);
    const [oldCover, second] = ((await before.json()) as { photos: string[] }[])[0]!.photos;
    await page.goto(listingPath);
    await page.getByRole('link', { name: 'Edit listing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit listing' })).toBeVisible();
    await page.getByLabel('Price ($)').fill('60');
    await page.getByLabel('Add photos').setInputFiles({
      name: 'front.png',
      mimeType: 'image/png',
      buffer: makePng(56, 56),
    });
    await page.getByRole('button', { name: 'Move photo 3 earlier' }).click();
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await page.getByRole('button', { name: 'Move photo 2 later' }).click();
    await expect(page.getByText('3 of 5 photos, the first is the cover.')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(new RegExp(`${listingPath}$`));
    await expect(page.getByText('$60.00')).toBeVisible();
    await expect(page.getByText(/was\s*\$80\.00/)).toBeVisible();
    const gallery = page.getByRole('region', { name: `Photos of ${title}` });
    await expect(gallery.getByRole('group', { name: /^Photo 1 of 3\./ })).toBeVisible();

    // The new photo is the cover: the one the listing and its card show.
    const res = await page.request.get(`/api/listing/${listing_id}`);
    const [detail] = (await res.json()) as { thumbnail: string; photos: string[] }[];
    expect(detail!.photos).toHaveLength(3);
    expect(detail!.photos.slice(1)).toEqual([second, oldCover]);
    expect(detail!.photos[0]).toBe(detail!.thumbnail);
    const cover = await page.request.get(detail!.thumbnail);
    expect(cover.status()).toBe(200);
  });

  await test.step('…and lists a new one the buyer’s saved search finds', async () => {
    const page = seller.page;
    await page.goto('/RealUserProfile');
    await page.getByRole('button', { name: 'Create Listing' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /New Product/ }).click();
    await dialog
      .getByLabel('Image')
      .setInputFiles({ name: 'side.png', mimeType: 'image/png', buffer: makePng(50, 50) });
    await dialog
      .getByLabel('Add photos')
      .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: makePng(52, 50) });
    await dialog.getByLabel('Title').fill(`Oak bookcase ${word}`);
    await dialog.getByLabel('Description').fill('Three shelves.');
    await dialog.getByLabel('Price ($)').fill('45');
    await dialog.getByLabel('Category').selectOption('Furniture');
    await dialog.getByLabel('Condition').selectOption('Used - Good');
    await dialog.getByRole('button', { name: 'Create Listing' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Listing created!');
  });

  await test.step('the buyer hears of the lower price and of the new match, and opens it', async () => {
    const page = buyer.page;
    await expect(async () => {
      await page.goto('/notifications');
      await expect(
        page.getByRole('link', { name: new RegExp(`New match: Oak bookcase ${word}`) }),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(
      page.getByRole('link', {
        name: new RegExp(`Price drop: ${title}.*Now \\$60\\.00, was \\$80\\.00`),
      }),
    ).toBeVisible();
    await page.getByRole('link', { name: new RegExp(`New match: Oak bookcase ${word}`) }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Oak bookcase ${word}` }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: `Photos of Oak bookcase ${word}` })
        .getByRole('group', { name: /^Photo 1 of 2\./ }),
    ).toBeVisible();
  });

  await seller.context.close();
  await buyer.context.close();
});
