/**
 * A meeting on campus on the phone (issue 46): on an item on hold, the buyer proposes the
 * Library at a time and, once the seller agrees, shows the handover code; the seller types a
 * wrong code (tries left), then the right one while the server is unreachable, and the sale is
 * recorded once when it is back; the buyer's Order Status lists the purchase with its spot.
 */
import { expect } from 'vitest';
import { conversationKey } from '#shared/screens.js';
import { makePng } from '../../fixtures/png';
import { registered, uniqueName, type ApiClient } from '../api';
import type { Journeys } from '../lane';
import {
  count,
  signIn,
  textOf,
  textOfTarget,
  waitFor,
  waitForServiceWorker,
  waitForText,
  visit,
} from '../phone';

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

const DIALOG = '[role="dialog"]';
const CODE = '[data-testid="meeting-handover-code"]';

export const meeting: Journeys = {
  who: 'a meeting on campus',
  journeys: [
    {
      name: 'is arranged, the code typed while the server is away is sent once, and the sale shows on both sides',
      async run({ app, openPhone }) {
        const sellerName = uniqueName('seller');
        const buyerName = uniqueName('buyer');
        const seller = await registered(app.baseUrl, sellerName);
        const buyer = await registered(app.baseUrl, buyerName);
        const title = `Side table ${uniqueName('')}`;
        const listingId = await heldItem(seller, buyer, title);

        // The buyer, on their phone, proposes the Library at a time some quarter hours ahead.
        let phone = await openPhone();
        await signIn(phone, app.baseUrl, buyerName);
        await visit(phone, `${app.baseUrl}/productListing/${listingId}`);
        await waitForText(phone, 'On hold for you until');
        await phone.click({ css: '.meeting button', has: 'Arrange a meeting' });
        await phone.choose({ label: 'Meeting spot', inside: DIALOG }, { text: 'Library' });
        await waitForText(phone, 'Meet at: Library');
        const times = await count(phone, `${DIALOG} #meeting-time option`);
        await phone.choose({ label: 'Time', inside: DIALOG }, { index: Math.min(4, times - 1) });
        await phone.click({ css: 'button', has: 'Propose the meeting', inside: DIALOG });
        await waitForText(phone, `Waiting for ${sellerName} to accept.`);
        const when = await textOf(phone, '.meeting-where');
        expect(when).toMatch(/^Library · /);

        // The seller agrees on their own device; the buyer's phone shows the code.
        const [proposed] = await seller.call<Meeting[]>(
          'GET',
          `/api/meetings?listing_id=${listingId}`,
        );
        await seller.call('PUT', `/api/meetings/${proposed!.meeting_id}`, { action: 'accept' });
        await waitForText(phone, 'Your handover code');
        await waitFor(
          phone,
          async () => /^\d{4}$/.test(await textOf(phone, CODE)),
          'the 4-digit handover code',
        );
        const code = await textOf(phone, CODE);
        const [read] = await buyer.call<Meeting[]>('GET', `/api/meetings?listing_id=${listingId}`);
        expect(read!.handover_code).toBe(code);
        await phone.close();

        // The seller, in the conversation: a wrong code first, then the right one with no server.
        phone = await openPhone();
        await signIn(phone, app.baseUrl, sellerName);
        await visit(phone, `${app.baseUrl}/Chats?c=${conversationKey(listingId, buyer.userId)}`);
        await waitForText(phone, 'Meeting agreed');
        await waitForServiceWorker(phone);
        const entry = { label: "Enter the buyer's handover code" };
        // Typed, then the keypad's Done (the reply box sticks to the bottom of a phone's screen).
        await phone.fill(entry, code === '0000' ? '1111' : '0000');
        await phone.pressEnter();
        await waitForText(phone, 'That handover code is not right. 4 tries left.');

        await app.stop();
        await phone.fill(entry, code);
        await phone.pressEnter();
        await waitForText(phone, 'Waiting to send: the handover code');

        // Back: the app sends what waits when it is next opened, once.
        await app.start();
        await phone.reload();
        await waitForText(phone, 'Sold at Library for $35.00', 30_000);
        const sales = (await seller.call<Sale[]>('GET', '/api/sales')).filter(
          (s) => s.listing_id === listingId,
        );
        expect(sales).toEqual([
          expect.objectContaining({ how: 'meeting', location: 'Library', agreed_price: 35 }),
        ]);
        expect(await buyer.call<Sale[]>('GET', '/api/purchases')).toEqual(sales);
        await phone.close();

        // The buyer's Order Status lists the purchase with its meeting spot.
        phone = await openPhone();
        await signIn(phone, app.baseUrl, buyerName);
        await visit(phone, `${app.baseUrl}/OrderStatus`);
        const shown = await textOfTarget(phone, { css: '.os-order', has: title });
        expect(shown).toContain('Meeting spot: Library');
        expect(shown).toContain('Status: Completed');
      },
    },
  ],
};
