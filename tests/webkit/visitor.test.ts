/**
 * A visitor and a signed-in student on a phone in WebKit: home, search, a product page, and
 * the layout of key pages at 390 and 360 px (no sideways scrolling; the header fits the longest
 * category name and a 20-character username).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { layoutProblems } from '../fixtures/header-fit';
import { registered } from './api';
import { appForFile } from './app-server';
import {
  openPhone,
  PHONE_SIZE,
  setViewport,
  signIn,
  waitForCondition,
  waitForText,
  withText,
  type Phone,
} from './phone';

const app = appForFile();
let phone: Phone | undefined;

afterEach(async () => {
  await phone?.deleteSession();
  phone = undefined;
});

const headingText = (p: Phone) => p.$('h1').getText();

describe('a visitor in WebKit', () => {
  it('sees featured products, searches by category and word, and opens a product', async () => {
    phone = await openPhone(app.baseUrl);
    await phone.url(`${app.baseUrl}/`);
    await waitForText(phone, 'Featured products');
    const featured = await phone.$$('main article').length;
    expect(featured).toBeGreaterThan(0);
    expect(featured).toBeLessThanOrEqual(8);

    await phone.$('select.search-category').selectByVisibleText('Furniture');
    await phone.$('input[type="search"]').setValue('desk');
    await phone.keys('Enter');
    await waitForCondition(
      phone,
      async () => (await phone!.getUrl()).endsWith('/?search=1&category=Furniture&title=desk'),
      'the search in the address',
    );
    await waitForText(phone, '“desk” in Furniture');
    // Each card's title link (a visitor's heart on the card is a link to sign in too).
    const cardTitles = 'main article .listing-card-title a';
    await waitForCondition(
      phone,
      async () => (await phone!.$$(cardTitles).length) > 0,
      'the results',
    );
    const titles = await phone.$$(cardTitles).map((a) => a.getText());
    for (const title of titles) expect(title.toLowerCase()).toContain('desk');

    const first = titles[0]!;
    await (await withText(phone, cardTitles, first)).click();
    await waitForCondition(phone, async () => (await headingText(phone!)) === first, first);
    await waitForText(phone, 'Condition');
    await waitForText(phone, 'Reviews');
  });

  it('fits key pages and the header on 390 and 360 px screens', async () => {
    const username = `wk${'x'.repeat(14)}${Date.now().toString(36).slice(-4)}`;
    expect(username).toHaveLength(20);
    await registered(app.baseUrl, username);
    phone = await openPhone(app.baseUrl);
    const fits = async (path: string) => {
      for (const width of [PHONE_SIZE.width, 360]) {
        await setViewport(phone!, width, PHONE_SIZE.height);
        await phone!.url(`${app.baseUrl}${path}`);
        await phone!.$('main').waitForDisplayed();
        await phone!.pause(300);
        // The longest category name, where the page has the search bar.
        const box = phone!.$('select.search-category');
        if (await box.isExisting()) await box.selectByVisibleText('Electronics');
        const problems = await phone!.execute(layoutProblems);
        await phone!.saveScreenshot(
          `${process.env.WEBKIT_SHOTS ?? '/tmp'}/webkit-${width}${path.replace(/\W+/g, '-')}.png`,
        );
        expect(problems, `${path} at ${width} px`).toEqual([]);
      }
    };
    for (const path of ['/', '/productListing/1', '/login', '/register', '/aboutTeam'])
      await fits(path);
    await signIn(phone, app.baseUrl, username);
    for (const path of ['/RealUserProfile', '/Chats', '/userListings', '/OrderStatus'])
      await fits(path);
  });
});
