/**
 * A meeting on campus on the phone in WebKit (issue 46): on an item on hold, the buyer proposes
 * the Library at a time and, once the seller agrees, shows the handover code; the seller types a
 * wrong code (tries left), then the right one while the server is unreachable, and the sale is
 * recorded once when it is back; the buyer's Order Status lists the purchase with its spot.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { conversationKey } from '#shared/screens.js';
import { makePng } from '../fixtures/png';
import { registered, uniqueName, type ApiClient } from './api';
import { appForFile } from './app-server';
import {
  byLabel,
  openPhone,
  signIn,
  waitForCondition,
  waitForServiceWorker,
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

interface Meeting {
  meeting_id: number;
  status: string;
  handover_code: string | null;
}

interface Sale {
  listing_id: number;
  how: string;
  location: string | null;
  agreed_price: number;
}

/** An item of the seller's on hold for the buyer: the buyer wrote and offered $35, accepted. */
async function heldItem(seller: ApiClient, buyer: ApiClient, title: string): Promise<number> {
  const { listing_id: listingId } = await seller.call<{ listing_id: number }>(
    'POST',
    '/api/listing',
    {
      thumbnail: makePng().toString('base64'),
      mimetype: 'image/png',
      title,
      price: 40,
      description: 'Solid wood',
      category: 'Furniture',
      conditions: 'Used - Good',
      vendor_id: seller.userId,
    },
  );
  await buyer.call('POST', '/api/direct_message', {
    sender_id: buyer.userId,
    receiver_id: seller.userId,
    listing_id: listingId,
    content: 'Can we meet at the library?',
  });
  const offer = await buyer.call<{ offer_id: number }>('POST', '/api/offers', {
    listing_id: listingId,
    amount: 35,
  });
  await seller.call('PUT', `/api/offers/${offer.offer_id}`, { action: 'accept' });
  return listingId;
}

/** The text of the element `selector` (empty when there is none). */
const textOf = (p: Phone, selector: string) =>
  p.execute((s) => document.querySelector<HTMLElement>(s)?.innerText.trim() ?? '', selector);

describe('a meeting on campus in WebKit', () => {
  it('is arranged, the code typed while the server is away is sent once, and the sale shows on both sides', async () => {
    const sellerName = uniqueName('wkseller');
    const buyerName = uniqueName('wkbuyer');
    const seller = await registered(app.baseUrl, sellerName);
    const buyer = await registered(app.baseUrl, buyerName);
    const title = `Side table ${uniqueName('')}`;
    const listingId = await heldItem(seller, buyer, title);

    // The buyer, on their phone, proposes the Library at a time some quarter hours ahead.
    phone = await openPhone(app.baseUrl);
    await signIn(phone, app.baseUrl, buyerName);
    await phone.url(`${app.baseUrl}/productListing/${listingId}`);
    await waitForText(phone, 'On hold for you until');
    await (await withText(phone, '.meeting button', 'Arrange a meeting')).click();
    const dialog = '[role="dialog"]';
    await (await byLabel(phone, 'Meeting spot', dialog)).selectByVisibleText('Library');
    await waitForText(phone, 'Meet at: Library');
    const time = await byLabel(phone, 'Time', dialog);
    const times = await phone.execute(
      (s) => document.querySelectorAll(s).length,
      `${dialog} #meeting-time option`,
    );
    await time.selectByIndex(Math.min(4, times - 1));
    await (await withText(phone, `${dialog} button`, 'Propose the meeting')).click();
    await waitForText(phone, `Waiting for ${sellerName} to accept.`);
    const when = await textOf(phone, '.meeting-where');
    expect(when).toMatch(/^Library · /);

    // The seller agrees on their own device; the buyer's phone shows the code.
    const [proposed] = await seller.call<Meeting[]>('GET', `/api/meetings?listing_id=${listingId}`);
    await seller.call('PUT', `/api/meetings/${proposed!.meeting_id}`, { action: 'accept' });
    await waitForText(phone, 'Your handover code');
    await waitForCondition(
      phone,
      async () => /^\d{4}$/.test(await textOf(phone!, '[data-testid="meeting-handover-code"]')),
      'the 4-digit handover code',
    );
    const code = await textOf(phone, '[data-testid="meeting-handover-code"]');
    const [read] = await buyer.call<Meeting[]>('GET', `/api/meetings?listing_id=${listingId}`);
    expect(read!.handover_code).toBe(code);
    await phone.deleteSession();

    // The seller, in the conversation: a wrong code first, then the right one with no server.
    phone = await openPhone(app.baseUrl);
    await signIn(phone, app.baseUrl, sellerName);
    await phone.url(`${app.baseUrl}/Chats?c=${conversationKey(listingId, buyer.userId)}`);
    await waitForText(phone, 'Meeting agreed');
    await waitForServiceWorker(phone);
    const entry = await byLabel(phone, "Enter the buyer's handover code");
    // Typed, then the keypad's Done (the reply box sticks to the bottom of a phone's screen).
    await entry.setValue(code === '0000' ? '1111' : '0000');
    await phone.keys('Enter');
    await waitForText(phone, 'That handover code is not right. 4 tries left.');

    await app.stop();
    await entry.setValue(code);
    await phone.keys('Enter');
    await waitForText(phone, 'Waiting to send: the handover code');

    // Back: the app sends what waits when it is next opened, once.
    await app.start();
    await phone.refresh();
    await waitForText(phone, 'Sold at Library for $35.00', 30_000);
    const sales = (await seller.call<Sale[]>('GET', '/api/sales')).filter(
      (s) => s.listing_id === listingId,
    );
    expect(sales).toEqual([
      expect.objectContaining({ how: 'meeting', location: 'Library', agreed_price: 35 }),
    ]);
    expect(await buyer.call<Sale[]>('GET', '/api/purchases')).toEqual(sales);
    await phone.deleteSession();

    // The buyer's Order Status lists the purchase with its meeting spot.
    phone = await openPhone(app.baseUrl);
    await signIn(phone, app.baseUrl, buyerName);
    await phone.url(`${app.baseUrl}/OrderStatus`);
    const card = await withText(phone, '.os-order', title);
    const shown = await card.getText();
    expect(shown).toContain('Meeting spot: Library');
    expect(shown).toContain('Status: Completed');
  });
});
