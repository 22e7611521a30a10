/**
 * The Share button of a listing in WebKit: handed to the share sheet where Safari has one (the
 * Web Share API), and the link copied where the browser has none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { appForFile } from './app-server';
import { openPhone, waitForCondition, waitForText, type Phone } from './phone';

const app = appForFile();
let phone: Phone | undefined;

afterEach(async () => {
  await phone?.deleteSession();
  phone = undefined;
});

/** A listing's page, once the app has taken it over; its address. */
async function openListing(p: Phone): Promise<string> {
  const [first] = (await (await fetch(`${app.baseUrl}/api/all?limit=1`)).json()) as {
    listing_id: number;
  }[];
  const url = `${app.baseUrl}/productListing/${first!.listing_id}`;
  await p.url(url);
  await waitForCondition(
    p,
    () => p.execute(() => document.documentElement.hasAttribute('data-app-ready')),
    'the app taking the page over',
  );
  return url;
}

describe('Share in WebKit', () => {
  it('hands the listing to the share sheet', async () => {
    phone = await openPhone(app.baseUrl);
    const url = await openListing(phone);
    // MiniBrowser shows no sheet of its own: a stand-in records what Safari's would get.
    await phone.execute(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => void shared.push(data),
      });
    });
    const title = await phone.$('h1').getText();
    await phone.$('button=Share').click();
    await waitForCondition(
      phone,
      () => phone!.execute(() => (window as unknown as { shared: unknown[] }).shared.length > 0),
      'the share sheet',
    );
    expect(
      await phone.execute(() => (window as unknown as { shared: ShareData[] }).shared),
    ).toEqual([{ title, url }]);
  });

  it('copies the link without a share sheet, and says so', async () => {
    phone = await openPhone(app.baseUrl);
    await openListing(phone);
    await phone.execute(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
      Reflect.deleteProperty(navigator, 'share');
    });
    await phone.$('button=Share').click();
    await waitForText(phone, 'Link copied');
    // Not the fallback that shows the link to copy by hand.
    expect(await phone.$('.share-note').getText()).toBe('Link copied');
  });
});
