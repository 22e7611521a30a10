/**
 * A visitor and a signed-in student on a phone: home, search, a product page, and the layout
 * of key pages at 390 and 360 px (no sideways scrolling; the header fits the longest category
 * name and a 20-character username).
 */
import { tmpdir } from 'node:os';
import { expect } from 'vitest';
import { layoutProblems } from '../../fixtures/header-fit';
import { registered } from '../api';
import type { Journey, Journeys } from '../lane';
import {
  count,
  PHONE_SIZE,
  signIn,
  textOf,
  waitFor,
  waitForShown,
  waitForText,
  waitForUrl,
  visit,
} from '../phone';

/** Each card's title link (a visitor's heart on the card is a link to sign in too). */
const CARD_TITLES = 'main article .listing-card-title a';

export const search: Journey = {
  name: 'sees featured products, searches by category and word, and opens a product',
  async run({ app, openPhone }) {
    const phone = await openPhone();
    await visit(phone, `${app.baseUrl}/`);
    await waitForText(phone, 'Featured products');
    const featured = await count(phone, 'main article');
    expect(featured).toBeGreaterThan(0);
    expect(featured).toBeLessThanOrEqual(8);

    await phone.choose('select.search-category', { text: 'Furniture' });
    await phone.fill('input[type="search"]', 'desk');
    await phone.pressEnter();
    await waitForUrl(
      phone,
      (url) => url.endsWith('/?search=1&category=Furniture&title=desk'),
      'the search in the address',
    );
    await waitForText(phone, '“desk” in Furniture');
    await waitFor(phone, async () => (await count(phone, CARD_TITLES)) > 0, 'the results');
    const titles = await phone.evaluate(
      (s) => [...document.querySelectorAll<HTMLElement>(s)].map((a) => a.innerText),
      CARD_TITLES,
    );
    for (const title of titles) expect(title.toLowerCase()).toContain('desk');

    const first = titles[0]!;
    await phone.click({ css: CARD_TITLES, has: first });
    await waitFor(phone, async () => (await textOf(phone, 'h1')) === first, first);
    await waitForText(phone, 'Condition');
    await waitForText(phone, 'Reviews');
  },
};

export const fit: Journey = {
  name: 'fits key pages and the header on 390 and 360 px screens',
  async run({ app, openPhone }) {
    const username = `ph${'x'.repeat(14)}${Date.now().toString(36).slice(-4)}`;
    expect(username).toHaveLength(20);
    await registered(app.baseUrl, username);
    const phone = await openPhone();
    const fits = async (path: string) => {
      for (const width of [PHONE_SIZE.width, 360]) {
        await phone.setViewport(width, PHONE_SIZE.height);
        await visit(phone, `${app.baseUrl}${path}`);
        await waitForShown(phone, 'main');
        await new Promise((resolve) => setTimeout(resolve, 300));
        // The longest category name, where the page has the search bar.
        if (await phone.evaluate(() => !!document.querySelector('select.search-category')))
          await phone.choose('select.search-category', { text: 'Electronics' });
        const problems = await phone.evaluate(layoutProblems);
        if (problems.length === 0) continue;
        // What the page looked like, for whoever mends it.
        const shot = `${process.env.PHONE_SHOTS ?? tmpdir()}/${phone.engine.toLowerCase()}-${width}${path.replace(/\W+/g, '-')}.png`;
        await phone.screenshot(shot);
        expect(problems, `${path} at ${width} px (${shot})`).toEqual([]);
      }
    };
    for (const path of ['/', '/productListing/1', '/login', '/register', '/aboutTeam'])
      await fits(path);
    await signIn(phone, app.baseUrl, username);
    for (const path of ['/RealUserProfile', '/Chats', '/userListings', '/OrderStatus'])
      await fits(path);
  },
};

export const visitor: Journeys = { who: 'a visitor', journeys: [search, fit] };
