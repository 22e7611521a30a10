/**
 * The Share button of a listing: handed to the share sheet where the browser has one (the Web
 * Share API, as Safari and Android browsers do), and the link copied where it has none.
 */
import { expect } from 'vitest';
import type { Journeys } from '../lane';
import { textOf, visit, waitFor, waitForText, type Phone } from '../phone';

/** A listing's page, once the app has taken it over; its address. */
async function openListing(phone: Phone, baseUrl: string): Promise<string> {
  const [first] = (await (await fetch(`${baseUrl}/api/all?limit=1`)).json()) as {
    listing_id: number;
  }[];
  const url = `${baseUrl}/productListing/${first!.listing_id}`;
  await visit(phone, url);
  return url;
}

export const share: Journeys = {
  who: 'Share',
  journeys: [
    {
      name: 'hands the listing to the share sheet',
      async run({ app, openPhone }) {
        const phone = await openPhone();
        const url = await openListing(phone, app.baseUrl);
        // The test browsers show no sheet of their own: a stand-in records what one would get.
        await phone.evaluate(() => {
          const shared: ShareData[] = [];
          Object.assign(window, { shared });
          Object.defineProperty(navigator, 'share', {
            configurable: true,
            value: async (data: ShareData) => void shared.push(data),
          });
        });
        const title = await textOf(phone, 'h1');
        await phone.click({ css: 'button', text: 'Share' });
        await waitFor(
          phone,
          () =>
            phone.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length > 0),
          'the share sheet',
        );
        expect(
          await phone.evaluate(() => (window as unknown as { shared: ShareData[] }).shared),
        ).toEqual([{ title, url }]);
      },
    },
    {
      name: 'copies the link without a share sheet, and says so',
      async run({ app, openPhone }) {
        const phone = await openPhone();
        await openListing(phone, app.baseUrl);
        await phone.evaluate(() => {
          Reflect.deleteProperty(Navigator.prototype, 'share');
          Reflect.deleteProperty(navigator, 'share');
        });
        await phone.click({ css: 'button', text: 'Share' });
        await waitForText(phone, 'Link copied');
        // Not the fallback that shows the link to copy by hand.
        expect(await textOf(phone, '.share-note')).toBe('Link copied');
      },
    },
  ],
};
