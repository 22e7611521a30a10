import { expect, expectConsoleError, nextDialog, uniqueName } from '../fixtures';
import { acceptRequest, listingOf, requestDelivery, test, type Actor } from '../delivery-support';

/** A delivery waiting for a courier, told apart from the others by its buyer note. */
async function unassignedDelivery(
  buyer: Actor,
  vendor: Actor,
): Promise<{ deliveryId: number; note: string }> {
  const note = `Ring twice, ${uniqueName('n')}`;
  const listing = await listingOf(buyer.page.request, vendor.user.username, vendor);
  const requestId = await requestDelivery(buyer, listing, 'Hensill Hall', note);
  const deliveryId = await acceptRequest(vendor, requestId, 'Cafe 101');
  return { deliveryId, note };
}

async function startShift(courier: Actor) {
  const page = courier.page;
  await page.goto('/CourierPage');
  await page.getByRole('button', { name: 'Available for Work' }).click();
  await expect(page.getByRole('button', { name: 'END SHIFT' })).toBeVisible();
}

function availableCard(courier: Actor, note: string) {
  return courier.page
    .getByRole('region', { name: /^Available/ })
    .getByRole('article')
    .filter({ hasText: note });
}

test('UNABLE TO DELIVER asks first, then returns the delivery to Available', async ({ people }) => {
  const buyer = await people.student('buyer');
  const vendor = await people.demo('kai');
  const courier = await people.student('courier', {
    phone: true,
    courier: true,
  });
  const { deliveryId, note } = await unassignedDelivery(buyer, vendor);
  const page = courier.page;

  await startShift(courier);
  await availableCard(courier, note).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(new RegExp(`/courierNav/${deliveryId}$`));
  await expect(page.getByText('Loading your delivery...')).toBeHidden({ timeout: 15_000 });

  // /CourierNav shows the current delivery and opens it.
  await page.goto('/CourierNav');
  await expect(page.getByRole('article').filter({ hasText: note })).toBeVisible();
  await page.getByRole('link', { name: 'Open Delivery' }).click();
  await expect(page).toHaveURL(new RegExp(`/courierNav/${deliveryId}$`));
  await expect(page.getByText('Loading your delivery...')).toBeHidden({ timeout: 15_000 });

  // Saying no to the question changes nothing.
  let question = nextDialog(page, false);
  await page.getByRole('button', { name: 'UNABLE TO DELIVER' }).click();
  expect(await question).toBe("Are you sure you can't deliver this item?");
  await expect(page).toHaveURL(new RegExp(`/courierNav/${deliveryId}$`));
  await expect(page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();

  question = nextDialog(page, true);
  const alert = new Promise<string>((resolve) => {
    void question.then(() => nextDialog(page, true).then(resolve));
  });
  await page.getByRole('button', { name: 'UNABLE TO DELIVER' }).click();
  expect(await question).toBe("Are you sure you can't deliver this item?");
  expect(await alert).toBe('Delivery marked as unassigned.');
  await expect(page).toHaveURL(/\/courierPage$/);
  await expect(availableCard(courier, note)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /^In Progress/ })
      .getByRole('article')
      .filter({ hasText: note }),
  ).toHaveCount(0);

  const res = await buyer.page.request.get(`/api/delivery_instruction/${deliveryId}`);
  expect(await res.json()).toMatchObject({ delivery_status: 'Unassigned', courier_id: null });

  // With nothing in progress, /CourierNav says so and leads back to the dashboard.
  await page.goto('/CourierNav');
  await expect(page.getByText('You have no delivery in progress.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Courier Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Courier Dashboard' })).toBeVisible();
});

test('two couriers race for one delivery: the loser is told plainly and cannot open it', async ({
  people,
  consoleErrors,
}) => {
  const buyer = await people.student('buyer');
  const vendor = await people.demo('sofia');
  const options = { phone: true, courier: true };
  const winner = await people.student('winner', options);
  const loser = await people.student('loser', options);
  const { deliveryId, note } = await unassignedDelivery(buyer, vendor);
  // Both tap Accept on the same card. Live updates would normally clear the loser's card the
  // moment the winner claims it, so the loser's live stream is held back here: their list is
  // as stale as it is for someone who taps at the same instant.
  await loser.context.route('**/api/events', () => {});

  await startShift(winner);
  await startShift(loser);
  await expect(availableCard(winner, note)).toBeVisible();
  await expect(availableCard(loser, note)).toBeVisible();

  await availableCard(winner, note).getByRole('button', { name: 'Accept' }).click();
  await expect(winner.page).toHaveURL(new RegExp(`/courierNav/${deliveryId}$`));

  await availableCard(loser, note).getByRole('button', { name: 'Accept' }).click();
  await expect(loser.page.getByRole('alert')).toHaveText(
    'Another courier already took this delivery.',
  );
  await expect(loser.page).toHaveURL(/\/CourierPage$/);
  await expectConsoleError(consoleErrors, /status of 409 \(Conflict\)/);
  // The column is refreshed: the delivery is gone from it.
  await expect(availableCard(loser, note)).toHaveCount(0);

  // Opening someone else's delivery lands on the dashboard.
  await loser.page.goto(`/courierNav/${deliveryId}`);
  await expect(loser.page).toHaveURL(/\/courierPage$/);
  await expect(loser.page.getByRole('heading', { name: 'Courier Dashboard' })).toBeVisible();
  await expectConsoleError(consoleErrors, /status of 403 \(Forbidden\)/);

  // The winner still has it.
  await expect(winner.page.getByText('Loading your delivery...')).toBeHidden({ timeout: 15_000 });
  await expect(winner.page.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
});
