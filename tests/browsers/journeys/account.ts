/**
 * A new student on the phone: registers, lists a product with a picture taken on the phone,
 * and another student finds it, signs in and messages about it; the reply reaches them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { makePng } from '../../fixtures/png';
import { mailedCode, signedIn, uniqueName } from '../api';
import type { JourneyContext, Journeys } from '../lane';
import {
  acceptAlert,
  DEMO_PASSWORD,
  demoEmail,
  signIn,
  textOf,
  waitFor,
  waitForShown,
  waitForText,
  visit,
} from '../phone';

const DIALOG = '[role="dialog"]';
const CONVERSATION_LINKS = '[aria-label="Conversations"] a';

export const students: Journeys = {
  who: 'students',
  journeys: [
    {
      name: 'register, list a product with a picture, and talk about it',
      async run(t) {
        const pictures = mkdtempSync(join(tmpdir(), 'campus-phone-pictures-'));
        const picture = join(pictures, 'lamp.png');
        writeFileSync(picture, makePng());
        try {
          await registerAndTalk(t, picture);
        } finally {
          rmSync(pictures, { recursive: true, force: true });
        }
      },
    },
  ],
};

async function registerAndTalk({ app, openPhone }: JourneyContext, picture: string) {
  const seller = uniqueName('seller');
  const title = `Reading lamp ${uniqueName('')}`;

  let phone = await openPhone();
  await visit(phone, `${app.baseUrl}/register`);
  for (const [label, value] of [
    ['First Name', 'Sam'],
    ['Last Name', 'Safari'],
    ['Username', seller],
    ['SFSU Email', demoEmail(seller)],
    ['Password', DEMO_PASSWORD],
    ['Confirm Password', DEMO_PASSWORD],
  ] as const) {
    await phone.fill({ label }, value);
  }
  await phone.click('#register-agree');
  await phone.click({ css: 'button', text: 'Register' });
  expect(await acceptAlert(phone)).toBe('Registered successfully!');
  await waitForText(phone, 'Sam Safari');

  // The code from the mail (the built-in mailbox here), typed into the profile's banner.
  await waitForText(phone, 'Confirm your campus e-mail');
  await phone.fill(
    { label: 'Code from the e-mail' },
    await mailedCode(app.baseUrl, demoEmail(seller)),
  );
  await phone.click({ css: 'button', text: 'Verify' });
  await waitForText(phone, 'Your campus e-mail is verified.');

  await phone.click({ css: 'button', text: 'Create Listing' });
  await phone.click({ css: 'button', has: 'New Product', inside: DIALOG });
  await phone.attachFile({ label: 'Image', inside: DIALOG }, picture);
  await waitForShown(phone, 'img[alt="Preview of the chosen image"]');
  await phone.fill({ label: 'Title', inside: DIALOG }, title);
  await phone.fill({ label: 'Description', inside: DIALOG }, 'Warm light for late reading.');
  await phone.fill({ label: 'Price ($)', inside: DIALOG }, '14.50');
  await phone.choose({ label: 'Category', inside: DIALOG }, { text: 'Furniture' });
  await phone.choose({ label: 'Condition', inside: DIALOG }, { text: 'Used - Like New' });
  await phone.click(`${DIALOG} button[type="submit"]`);
  await waitForText(phone, 'Listing created!');
  await phone.click({ css: 'a', text: 'View listing' });
  await waitFor(
    phone,
    async () => (await textOf(phone, 'h1')) === title,
    `the listing page of ${title}`,
  );
  const listingPath = new URL(await phone.url()).pathname;
  const photo = `main img[alt="${title}"]`;
  const src = await phone.evaluate((s) => document.querySelector(s)?.getAttribute('src'), photo);
  expect(new URL(src ?? '', app.baseUrl).pathname).toMatch(/^\/uploads\/[0-9a-f]+\.webp$/);
  await waitFor(
    phone,
    () =>
      phone.evaluate(
        (s) => document.querySelector<HTMLImageElement>(s)?.naturalWidth === 64,
        photo,
      ),
    'the uploaded picture, decoded',
  );
  await phone.close();

  // Another student, on their own phone, finds it by searching, signs in and writes.
  phone = await openPhone();
  await visit(phone, `${app.baseUrl}/`);
  await phone.fill('input[type="search"]', title);
  await phone.pressEnter();
  await phone.click({ css: 'main article .listing-card-title a', has: title });
  await waitFor(phone, async () => (await textOf(phone, 'h1')) === title, title);
  await signIn(phone, app.baseUrl, 'maria');
  await visit(phone, `${app.baseUrl}${listingPath}`);
  await phone.fill('[placeholder="Type a message"]', 'Is the lamp still available?');
  await phone.click({ css: 'button', text: 'Send' });
  await waitForText(phone, 'Message Sent to Seller');
  await phone.click({ css: 'a', text: 'See Conversations' });
  await waitForShown(phone, { css: CONVERSATION_LINKS, has: title });

  // The seller answers from another device; the buyer reads it in the conversation.
  const sellerApi = await signedIn(app.baseUrl, seller);
  const maria = await signedIn(app.baseUrl, 'maria');
  await sellerApi.call('POST', '/api/direct_message', {
    sender_id: sellerApi.userId,
    receiver_id: maria.userId,
    listing_id: Number(listingPath.split('/').at(-1)),
    content: 'Yes, it is yours if you want it.',
  });
  await phone.click({ css: CONVERSATION_LINKS, has: title });
  await waitForText(phone, 'Is the lamp still available?');
  await waitForText(phone, 'Yes, it is yours if you want it.');
}
