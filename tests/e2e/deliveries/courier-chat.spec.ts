import { expect, uniqueName } from '../fixtures';
import { acceptRequest, listingOf, requestDelivery, test } from '../delivery-support';

test('a courier messages the buyer from the delivery screen, and the buyer answers from /chats', async ({
  people,
}) => {
  const buyer = await people.student('buyer', { phone: true });
  const vendor = await people.demo('omar');
  const courier = await people.student('courier', {
    phone: true,
    courier: true,
  });
  const listing = await listingOf(buyer.page.request, vendor.user.username, vendor);
  const requestId = await requestDelivery(buyer, listing, 'Library', uniqueName('note'));
  const deliveryId = await acceptRequest(vendor, requestId, 'Cafe 101');
  const claimed = await courier.page.request.put(`/api/delivery_instruction/${deliveryId}`, {
    data: { courier_id: courier.user.user_id, delivery_status: 'Assigned' },
  });
  expect(claimed.ok(), await claimed.text()).toBe(true);

  // The courier, on the delivery screen.
  const page = courier.page;
  await page.goto(`/courierNav/${deliveryId}`);
  await expect(page.getByText('Loading your delivery...')).toBeHidden({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Message buyer' }).click();
  await page.getByPlaceholder('Type a message').fill("I'm at the Library entrance");
  await page.getByRole('button', { name: 'Send' }).click();
  const see = page.getByRole('link', { name: 'See Conversation' });
  await expect(see).toBeVisible();

  // The buyer finds it in /chats, marked as the courier of the order, and answers.
  const chats = buyer.page;
  await chats.goto('/Chats');
  const conversation = chats
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link')
    .filter({ hasText: courier.user.username });
  await expect(conversation).toContainText('Courier of your order');
  await conversation.click();
  const thread = chats.getByRole('region', { name: listing.title });
  await expect(thread.getByText("I'm at the Library entrance")).toBeVisible();
  await thread.getByPlaceholder('Type a message').fill('Coming down now');
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByText('Coming down now')).toBeVisible();

  // The courier follows "See Conversation" and reads the answer.
  await see.click();
  await expect(page).toHaveURL(/\/chats\?c=/);
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByText('Coming down now'),
  ).toBeVisible();
});
