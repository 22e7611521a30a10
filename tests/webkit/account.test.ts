/**
 * A new student on the phone in WebKit: registers, lists a product with a picture taken on the
 * phone, and another student finds it, signs in and messages about it; the reply reaches them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makePng } from '../fixtures/png';
import { mailedCode, signedIn, uniqueName } from './api';
import { appForFile } from './app-server';
import {
  acceptAlert,
  byLabel,
  DEMO_PASSWORD,
  demoEmail,
  openPhone,
  signIn,
  waitForCondition,
  waitForText,
  withText,
  type Phone,
} from './phone';

const DIALOG = '[role="dialog"]';
const app = appForFile();
let phone: Phone | undefined;
const pictures = mkdtempSync(join(tmpdir(), 'campus-webkit-pictures-'));

afterAll(() => rmSync(pictures, { recursive: true, force: true }));
afterEach(async () => {
  await phone?.deleteSession();
  phone = undefined;
});

describe('students in WebKit', () => {
  it('register, list a product with a picture, and talk about it', async () => {
    const seller = uniqueName('wkseller');
    const title = `Reading lamp ${uniqueName('')}`;

    phone = await openPhone(app.baseUrl);
    await phone.url(`${app.baseUrl}/register`);
    for (const [label, value] of [
      ['First Name', 'Sam'],
      ['Last Name', 'Safari'],
      ['Username', seller],
      ['SFSU Email', demoEmail(seller)],
      ['Password', DEMO_PASSWORD],
      ['Confirm Password', DEMO_PASSWORD],
    ] as const) {
      await (await byLabel(phone, label)).setValue(value);
    }
    await phone.$('#register-agree').click();
    await phone.$('button=Register').click();
    expect(await acceptAlert(phone)).toBe('Registered successfully!');
    await waitForText(phone, 'Sam Safari');

    // The code from the mail (the built-in mailbox here), typed into the profile's banner.
    await waitForText(phone, 'Confirm your campus e-mail');
    await (
      await byLabel(phone, 'Code from the e-mail')
    ).setValue(await mailedCode(app.baseUrl, demoEmail(seller)));
    await phone.$('button=Verify').click();
    await waitForText(phone, 'Your campus e-mail is verified.');

    await phone.$('button=Create Listing').click();
    await (await withText(phone, '[role="dialog"] button', 'New Product')).click();
    const picture = join(pictures, 'lamp.png');
    writeFileSync(picture, makePng());
    await (await byLabel(phone, 'Image', DIALOG)).setValue(picture);
    await phone.$('img[alt="Preview of the chosen image"]').waitForDisplayed();
    await (await byLabel(phone, 'Title', DIALOG)).setValue(title);
    await (await byLabel(phone, 'Description', DIALOG)).setValue('Warm light for late reading.');
    await (await byLabel(phone, 'Price ($)', DIALOG)).setValue('14.50');
    await (await byLabel(phone, 'Category', DIALOG)).selectByVisibleText('Furniture');
    await (await byLabel(phone, 'Condition', DIALOG)).selectByVisibleText('Used - Like New');
    await phone.$('[role="dialog"] button[type="submit"]').click();
    await waitForText(phone, 'Listing created!');
    await phone.$('a=View listing').click();
    await waitForCondition(
      phone,
      async () => (await phone!.$('h1').getText()) === title,
      `the listing page of ${title}`,
    );
    const listingPath = new URL(await phone.getUrl()).pathname;
    const photo = phone.$(`main img[alt="${title}"]`);
    expect(new URL((await photo.getAttribute('src')) ?? '', app.baseUrl).pathname).toMatch(
      /^\/uploads\/[0-9a-f]+\.webp$/,
    );
    await waitForCondition(
      phone,
      async () => (await photo.getProperty('naturalWidth')) === 64,
      'the uploaded picture, decoded',
    );
    await phone.deleteSession();

    // Another student, on their own phone, finds it by searching, signs in and writes.
    phone = await openPhone(app.baseUrl);
    await phone.url(`${app.baseUrl}/`);
    const box = phone.$('input[type="search"]');
    await box.setValue(title);
    await phone.keys('Enter');
    await (await withText(phone, 'main article .listing-card-title a', title)).click();
    await waitForCondition(phone, async () => (await phone!.$('h1').getText()) === title, title);
    await signIn(phone, app.baseUrl, 'maria');
    await phone.url(`${app.baseUrl}${listingPath}`);
    await phone.$('[placeholder="Type a message"]').setValue('Is the lamp still available?');
    await phone.$('button=Send').click();
    await waitForText(phone, 'Message Sent to Seller');
    await phone.$('a=See Conversations').click();
    await (await withText(phone, '[aria-label="Conversations"] a', title)).waitForDisplayed();

    // The seller answers from another device; the buyer reads it in the conversation.
    const sellerApi = await signedIn(app.baseUrl, seller);
    const maria = await signedIn(app.baseUrl, 'maria');
    await sellerApi.call('POST', '/api/direct_message', {
      sender_id: sellerApi.userId,
      receiver_id: maria.userId,
      listing_id: Number(listingPath.split('/').at(-1)),
      content: 'Yes, it is yours if you want it.',
    });
    await (await withText(phone, '[aria-label="Conversations"] a', title)).click();
    await waitForText(phone, 'Is the lamp still available?');
    await waitForText(phone, 'Yes, it is yours if you want it.');
  });
});
