/**
 * A student's right to leave: from the profile they download their data (a JSON file named for
 * them and the day) and delete their account; they are signed out, cannot sign in again, and
 * the seller they wrote to still reads the conversation, from "Deleted user".
 */
import fs from 'node:fs/promises';
import { expect, test, uniqueName } from '../fixtures';
import { demoActor, listingOf } from '../delivery-support';
import { verifyFromMailbox } from '../mailbox';

const PASSWORD = 'a-long-password';

test('a student downloads their data and deletes their account from the profile', async ({
  page,
  signIn,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const username = uniqueName('leah');
  const email = `${username}@sfsu.edu`;
  const registered = await page.request.post('/api/register', {
    data: {
      firstName: 'Leah',
      lastName: 'Leaving',
      username,
      sfsu_email: email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const me = await verifyFromMailbox<{ user_id: number }>(page.request, email);
  // They asked a seller about a listing: the seller keeps that conversation.
  const listing = await listingOf(page.request, 'priya');
  const question = `Is this still for sale? (${username})`;
  const sent = await page.request.post('/api/direct_message', {
    data: {
      sender_id: me.user_id,
      receiver_id: listing.vendor_id,
      listing_id: listing.listing_id,
      content: question,
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  await signIn(email, PASSWORD);
  await page.goto('/RealUserProfile');
  const data = page.getByRole('region', { name: 'Your data' });

  const download = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  const today = new Date().toISOString().slice(0, 10);
  expect(file.suggestedFilename()).toBe(`gator-market-data-${username}-${today}.json`);
  const saved = JSON.parse(await fs.readFile((await file.path())!, 'utf8')) as {
    profile: { username: string; sfsu_email: string; first_name: string };
    messages: { direction: string; content: string; other: { username: string } }[];
  };
  expect(saved.profile).toMatchObject({ username, sfsu_email: email, first_name: 'Leah' });
  expect(saved.messages).toEqual([
    expect.objectContaining({
      direction: 'sent',
      content: question,
      other: expect.objectContaining({ username: 'priya' }),
    }),
  ]);
  await expect(data.getByRole('status')).toHaveText('Your data is downloaded.');

  await data.getByRole('button', { name: 'Delete account' }).click();
  const form = page.getByRole('form', { name: 'Delete account' });
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByLabel('Type DELETE to confirm').fill('DELETE');
  await form.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your account is deleted.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const again = await page.request.post('/api/login', { data: { email, password: PASSWORD } });
  expect(again.status()).toBe(401);

  // The seller still reads the question, from "Deleted user".
  const priya = await demoActor(browser, baseURL!, 'priya', { consoleErrors });
  await priya.page.goto('/Chats');
  const conversation = priya.page.getByRole('link').filter({ hasText: question });
  await expect(conversation).toContainText('with Deleted user');
  await conversation.click();
  await expect(
    priya.page.getByRole('list', { name: 'Messages' }).getByText(question),
  ).toBeVisible();
  await priya.context.close();
});
