import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CourierNavPage } from '#client/features/deliveries/courier/courier-nav-page.js';
import { GEOLOCATION_OPTIONS } from '#shared/constants.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { makeDelivery, makeListing, signIn } from '../support/data';
import { never, reply, stubApi, type Routes } from '../support/fetch-stub';
import { DialogHost } from '#client/components/dialogs/dialog-host.js';
import { answerNextDialog, noDialog } from '../support/dialogs';
import { testQueryClient } from '../support/render';
import { fakeGeolocation, setHidden } from './geolocation-fake';

const DELIVERY = 'GET /api/delivery_instruction/40';
const UPDATE = 'PUT /api/delivery_instruction/40';
const LISTING = 'GET /api/listing/11';
const LOADING = 'Loading your delivery...';
const POSITION = 'POST /api/delivery_instruction/40/position';

/** The courier's delivery, with the title and picture agreed when its listing said the same. */
const mine = (overrides: Partial<DeliveryInstruction> = {}) =>
  makeDelivery({
    delivery_id: 40,
    courier_id: 7,
    delivery_status: 'Assigned',
    title: 'Desk lamp',
    thumbnail: '/uploads/l.webp',
    ...overrides,
  });

function api(overrides: Routes = {}) {
  return stubApi({
    [DELIVERY]: mine(),
    [LISTING]: [makeListing({ listing_id: 11, title: 'Desk lamp', thumbnail: '/uploads/l.webp' })],
    'GET /api/config': { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png' },
    ...overrides,
  });
}

function open(url = '/courierNav/40', state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/courierNav/:deliveryId', element: <CourierNavPage /> },
      { path: '/courierPage', element: <h1>Courier dashboard page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialEntries: [{ pathname: url, state }] },
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  const view = render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { ...view, router, user };
}

/** Waits for the data; the loading screen goes with it. */
async function ready() {
  await screen.findByRole('heading', { level: 1, name: 'Desk lamp' });
  await waitFor(() => expect(screen.queryByText(LOADING)).toBeNull());
}

let geo: ReturnType<typeof fakeGeolocation>;
let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  geo = fakeGeolocation();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  window.scrollTo = vi.fn();
});
afterEach(() => {
  geo.remove();
  vi.useRealTimers();
});

describe('courier delivery screen: loading', () => {
  it('shows the mascot until delivery, listing and map are ready, and not a moment longer', async () => {
    signIn({ is_courier: 1 });
    api({ [LISTING]: never });
    open();
    expect(screen.getByText(LOADING)).toBeVisible();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    // The delivery and the map are there; the listing is still on its way.
    await screen.findByText('Pick Up Address');
    expect(screen.getByText(LOADING)).toBeVisible();
  });

  it('hides the mascot as soon as the listing arrives (the spec held it 3 s more)', async () => {
    signIn({ is_courier: 1 });
    api();
    open();
    await screen.findByRole('heading', { level: 1, name: 'Desk lamp' });
    // No timer has to run out: the screen is ready.
    await waitFor(() => expect(screen.queryByText(LOADING)).toBeNull());
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false');
  });

  it('keeps the mascot while the listing is still loading', async () => {
    signIn({ is_courier: 1 });
    api({ [LISTING]: never });
    open();
    await screen.findByText('Pick Up Address');
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(screen.getByText(LOADING)).toBeVisible();
  });

  it('reads a listing sent as a single object too', async () => {
    signIn({ is_courier: 1 });
    api({ [LISTING]: makeListing({ listing_id: 11, title: 'Desk lamp', thumbnail: null }) });
    open();
    await ready();
    // Read, not missing: the delivery's own title and picture show either way.
    expect(warn).not.toHaveBeenCalledWith('Listing not found', expect.anything());
  });

  it('shows the title and picture agreed with the order, not what the listing says now', async () => {
    signIn({ is_courier: 1 });
    api({
      [LISTING]: [
        makeListing({
          listing_id: 11,
          title: 'Broken item, as described',
          thumbnail: '/uploads/new.webp',
        }),
      ],
    });
    open();
    await ready();
    expect(screen.getByRole('img', { name: 'Desk lamp' }).getAttribute('src')).toMatch(
      /^\/uploads\/l(-sm)?\.webp$/,
    );
    expect(screen.queryByText('Broken item, as described')).toBeNull();
  });

  it('logs a missing listing and carries on with what the delivery says', async () => {
    signIn({ is_courier: 1 });
    api({
      [LISTING]: reply(404, { message: 'No item Found' }),
      [DELIVERY]: mine({ title: 'Lamp' }),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lamp' })).toBeVisible();
    await waitFor(() => expect(screen.queryByText(LOADING)).toBeNull());
    expect(warn).toHaveBeenCalledWith('Listing not found', expect.anything());
  });
});

describe('courier delivery screen: content and actions', () => {
  it('shows the map markers, the product, both addresses and the progress', async () => {
    signIn({ is_courier: 1 });
    api();
    const { container } = open();
    await ready();
    const labels = [...container.querySelectorAll('.map-marker-label')].map((l) => l.textContent);
    expect(labels).toEqual(['Pick up: Cafe 101', 'Drop off: Library']);
    // Tiles come from the server's TILE_URL, credited to OpenStreetMap.
    expect(await screen.findByRole('link', { name: 'OpenStreetMap' })).toBeVisible();

    expect(screen.getByRole('img', { name: 'Desk lamp' })).toHaveAttribute(
      'src',
      expect.any(String),
    );
    const pickup = screen.getByText('Pick Up Address').parentElement!;
    expect(pickup).toHaveTextContent('Cafe 101');
    expect(screen.getByText('Dropoff Address').parentElement).toHaveTextContent('Library');
    const progress = screen.getByRole('list', { name: 'Delivery progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['Assigned', 'Picked Up', 'Delivered']);
    expect(within(progress).getByText('Assigned')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: 'PICKED UP' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'FINISH DROP OFF' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'UNABLE TO DELIVER' })).toBeEnabled();
  });

  it('starts from the delivery passed as navigation state', async () => {
    signIn({ is_courier: 1 });
    api({ [DELIVERY]: never });
    open('/courierNav/40', { delivery: mine({ pickup: 'Quickly' }) });
    expect(await screen.findByText('Pick Up Address')).toBeVisible();
    expect(screen.getByText('Pick Up Address').parentElement).toHaveTextContent('Quickly');
  });

  it('PICKED UP then FINISH DROP OFF move the delivery on, with the device time', async () => {
    signIn({ is_courier: 1 });
    const calls = api({
      [UPDATE]: (call) =>
        mine({ delivery_status: (call.body as { delivery_status: never }).delivery_status }),
    });
    const { user } = open();
    await ready();
    calls.set(DELIVERY, mine({ delivery_status: 'Picked Up' }));
    await user.click(screen.getByRole('button', { name: 'PICKED UP' }));
    const progress = screen.getByRole('list', { name: 'Delivery progress' });
    await waitFor(() =>
      expect(within(progress).getByText('Picked Up')).toHaveAttribute('aria-current', 'step'),
    );
    expect(screen.queryByRole('button', { name: 'UNABLE TO DELIVER' })).toBeNull();
    const body = calls.callsTo(UPDATE)[0]!.body as Record<string, string>;
    expect(body).toEqual({ delivery_status: 'Picked Up', device_time: expect.any(String) });
    expect(new Date(body.device_time!).toISOString()).toBe(body.device_time);

    calls.set(DELIVERY, mine({ delivery_status: 'Delivered' }));
    await user.click(screen.getByRole('button', { name: 'FINISH DROP OFF' }));
    expect(await screen.findByText('Delivered. Thank you!')).toBeVisible();
    expect(within(progress).getByText('Delivered')).toHaveAttribute('aria-current', 'step');
    expect(calls.callsTo(UPDATE)[1]!.body).toMatchObject({ delivery_status: 'Delivered' });
    expect(screen.getByRole('button', { name: 'PICKED UP' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'FINISH DROP OFF' })).toBeDisabled();
  });

  it('a failed status update is only logged, and the screen shows the real status', async () => {
    signIn({ is_courier: 1 });
    api({ [UPDATE]: reply(409, { message: 'This delivery was changed by someone else.' }) });
    const { user } = open();
    await ready();
    await user.click(screen.getByRole('button', { name: 'PICKED UP' }));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to update delivery status', expect.anything()),
    );
    const progress = screen.getByRole('list', { name: 'Delivery progress' });
    await waitFor(() =>
      expect(within(progress).getByText('Assigned')).toHaveAttribute('aria-current', 'step'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('UNABLE TO DELIVER asks, then unassigns, says so and returns to the dashboard', async () => {
    signIn({ is_courier: 1 });
    const calls = api({ [UPDATE]: mine({ delivery_status: 'Unassigned', courier_id: null }) });
    const { user, router } = open();
    await ready();

    await user.click(screen.getByRole('button', { name: 'UNABLE TO DELIVER' }));
    const question = await screen.findByRole('alertdialog', {
      name: "Are you sure you can't deliver this item?",
    });
    expect(within(question).getByRole('button', { name: 'Keep delivering' })).toHaveFocus();
    expect(await answerNextDialog(user, false)).toBe("Are you sure you can't deliver this item?");
    expect(calls.callsTo(UPDATE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'UNABLE TO DELIVER' }));
    expect(await answerNextDialog(user)).toBe("Are you sure you can't deliver this item?");
    expect(await screen.findByRole('heading', { name: 'Courier dashboard page' })).toBeVisible();
    expect(calls.callsTo(UPDATE)[0]!.body).toEqual({
      delivery_status: 'Unassigned',
      courier_id: null,
      device_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await answerNextDialog(user)).toBe('Delivery marked as unassigned.');
    expect(noDialog()).toBe(true);
    expect(router.state.location.pathname).toBe('/courierPage');
  });

  it('says Could not update delivery. when the server refuses giving up', async () => {
    signIn({ is_courier: 1 });
    api({
      [UPDATE]: reply(409, { message: 'You can only give up a delivery before picking it up.' }),
    });
    const { user } = open();
    await ready();
    await user.click(screen.getByRole('button', { name: 'UNABLE TO DELIVER' }));
    expect(await answerNextDialog(user)).toBe("Are you sure you can't deliver this item?");
    // The courier is back on the dashboard at once; the refusal is said there.
    expect(await screen.findByRole('heading', { name: 'Courier dashboard page' })).toBeVisible();
    expect(await answerNextDialog(user)).toBe('Could not update delivery.');
    expect(noDialog()).toBe(true);
  });

  it('Back to Courier Dashboard goes to /courierPage', async () => {
    signIn({ is_courier: 1 });
    api();
    const { user } = open();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Back to Courier Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Courier dashboard page' })).toBeVisible();
  });
});

describe('courier delivery screen: who may see it', () => {
  it('sends a visitor to /login', async () => {
    api();
    open();
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
  });

  it('sends a courier who is not the assigned one to /courierPage', async () => {
    signIn({ is_courier: 1 });
    api({ [DELIVERY]: mine({ courier_id: 8 }) });
    open();
    expect(await screen.findByRole('heading', { name: 'Courier dashboard page' })).toBeVisible();
  });

  it.each([
    ['refused', reply(403, { message: 'This delivery is not yours.' })],
    ['unknown', reply(404, { message: 'No such delivery.' })],
  ])('sends the courier to /courierPage when the delivery is %s', async (_label, answer) => {
    signIn({ is_courier: 1 });
    api({ [DELIVERY]: answer });
    open();
    expect(await screen.findByRole('heading', { name: 'Courier dashboard page' })).toBeVisible();
  });

  it('sends the courier to /courierPage for a delivery id that is not a number', async () => {
    signIn({ is_courier: 1 });
    api();
    open('/courierNav/abc');
    expect(await screen.findByRole('heading', { name: 'Courier dashboard page' })).toBeVisible();
  });
});

describe('courier delivery screen: live position', () => {
  it('shares the position with the server while the delivery is under way', async () => {
    signIn({ is_courier: 1 });
    const calls = api({
      [POSITION]: (call) => call.body,
      [UPDATE]: (call) =>
        mine({ delivery_status: (call.body as { delivery_status: never }).delivery_status }),
    });
    const { user } = open();
    await ready();
    act(() => geo.move(37.7223, -122.4785));
    await waitFor(() => expect(calls.callsTo(POSITION)).toHaveLength(1));
    expect(calls.callsTo(POSITION)[0]!.body).toMatchObject({
      lat: 37.7223,
      lng: -122.4785,
      accuracy: 8,
      at: expect.any(String),
    });
    // GPS jitter a moment later is not sent again; a real move is.
    act(() => geo.move(37.72231, -122.4785));
    expect(calls.callsTo(POSITION)).toHaveLength(1);
    act(() => geo.move(37.7226, -122.4785));
    await waitFor(() => expect(calls.callsTo(POSITION)).toHaveLength(2));

    // Once delivered, the position stays on the phone.
    calls.set(DELIVERY, mine({ delivery_status: 'Picked Up' }));
    await user.click(screen.getByRole('button', { name: 'PICKED UP' }));
    calls.set(DELIVERY, mine({ delivery_status: 'Delivered' }));
    await user.click(await screen.findByRole('button', { name: 'FINISH DROP OFF' }));
    await screen.findByText('Delivered. Thank you!');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    act(() => geo.move(37.7214, -122.4778));
    expect(calls.callsTo(POSITION)).toHaveLength(2);
  });

  it('watches with high accuracy and shows the courier on the map', async () => {
    signIn({ is_courier: 1 });
    api();
    const { container } = open();
    await ready();
    expect(geo.geolocation.watchPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      GEOLOCATION_OPTIONS,
    );
    expect(GEOLOCATION_OPTIONS).toEqual({
      enableHighAccuracy: true,
      maximumAge: 10000,
      timeout: 5000,
    });
    act(() => geo.move(37.7223, -122.4785));
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('.map-marker-label')].map((l) => l.textContent),
      ).toContain('You'),
    );
  });

  it('logs position errors as warnings and keeps watching after POSITION_UNAVAILABLE', async () => {
    signIn({ is_courier: 1 });
    const error = vi.spyOn(console, 'error');
    api();
    open();
    await ready();
    act(() => geo.fail(2));
    act(() => geo.fail(3));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Geolocation error 2'));
    expect(error).not.toHaveBeenCalled();
    expect(geo.active()).toBe(1);
    expect(screen.queryByText(/Location is off/)).toBeNull();

    act(() => geo.fail(1));
    expect(await screen.findByText(/Location is off/)).toBeVisible();
  });

  it('stops watching when the screen is hidden or left, and restarts when visible', async () => {
    signIn({ is_courier: 1 });
    api();
    const { unmount } = open();
    await ready();
    expect(geo.active()).toBe(1);
    act(() => setHidden(true));
    expect(geo.active()).toBe(0);
    act(() => setHidden(false));
    expect(geo.active()).toBe(1);
    expect(geo.geolocation.watchPosition).toHaveBeenCalledTimes(2);
    unmount();
    expect(geo.active()).toBe(0);
  });
});

describe('courier delivery screen: proof and ways out', () => {
  const REJECTIONS = 'courierHandoverRejections';
  const pickedUp = (o: Partial<DeliveryInstruction> = {}) =>
    mine({ delivery_status: 'Picked Up', ...o });
  beforeEach(() => localStorage.removeItem(REJECTIONS));

  it('asks for the buyer’s code on a number pad before a code-protected drop-off', async () => {
    signIn({ is_courier: 1 });
    const calls = api({
      [DELIVERY]: pickedUp({ handover_required: 1 }),
      [UPDATE]: pickedUp({ delivery_status: 'Delivered', handover_required: 1 }),
    });
    const { user } = open();
    await ready();
    await user.click(screen.getByRole('button', { name: 'FINISH DROP OFF' }));
    const panel = screen.getByRole('form', { name: 'Handover code' });
    const code = within(panel).getByLabelText("Buyer's handover code");
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '48');
    await user.click(within(panel).getByRole('button', { name: 'Confirm drop off' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Enter the 4-digit code');
    expect(calls.callsTo(UPDATE)).toHaveLength(0);

    // Only digits go in.
    await user.type(code, 'a2-19');
    expect(code).toHaveValue('4821');
    calls.set(DELIVERY, pickedUp({ delivery_status: 'Delivered', handover_required: 1 }));
    await user.click(within(panel).getByRole('button', { name: 'Confirm drop off' }));
    expect(await screen.findByText('Delivered. Thank you!')).toBeVisible();
    expect(calls.callsTo(UPDATE)[0]!.body).toEqual({
      delivery_status: 'Delivered',
      device_time: expect.any(String),
      handover_code: '4821',
    });
  });

  it('brings the code entry back with the server’s words when the code is wrong', async () => {
    signIn({ is_courier: 1 });
    const wrong = 'That handover code is not right. 4 tries left.';
    api({
      [DELIVERY]: pickedUp({ handover_required: 1 }),
      [UPDATE]: reply(422, { message: wrong, code: 'validation' }),
    });
    const { user } = open();
    await ready();
    await user.click(screen.getByRole('button', { name: 'FINISH DROP OFF' }));
    await user.type(screen.getByLabelText("Buyer's handover code"), '0000');
    await user.click(screen.getByRole('button', { name: 'Confirm drop off' }));
    const panel = await screen.findByRole('form', { name: 'Handover code' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(wrong);
    const progress = screen.getByRole('list', { name: 'Delivery progress' });
    expect(within(progress).getByText('Picked Up')).toHaveAttribute('aria-current', 'step');
  });

  it('opens on the code entry when a code sent from the outbox was refused, until Back', async () => {
    signIn({ is_courier: 1 });
    localStorage.setItem(
      REJECTIONS,
      JSON.stringify([{ courierId: 7, deliveryId: 40, message: 'Code refused.', at: 1 }]),
    );
    api({ [DELIVERY]: pickedUp({ handover_required: 1 }) });
    const { user } = open();
    await ready();
    const panel = screen.getByRole('form', { name: 'Handover code' });
    expect(within(panel).getByRole('alert')).toHaveTextContent('Code refused.');
    await user.click(within(panel).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'FINISH DROP OFF' })).toBeEnabled();
    expect(localStorage.getItem(REJECTIONS)).toBeNull();
  });

  it('sends the photo taken at drop-off with FINISH DROP OFF', async () => {
    signIn({ is_courier: 1 });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const calls = api({
      [DELIVERY]: pickedUp(),
      [UPDATE]: pickedUp({ delivery_status: 'Delivered' }),
    });
    const { user } = open();
    await ready();
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'door.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Take a photo of the drop-off (optional)'), photo);
    expect(await screen.findByRole('img', { name: 'Your photo of the drop-off' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'FINISH DROP OFF' }));
    await waitFor(() => expect(calls.callsTo(UPDATE)).toHaveLength(1));
    expect(calls.callsTo(UPDATE)[0]!.body).toMatchObject({
      delivery_status: 'Delivered',
      proof_photo: `data:image/png;base64,${btoa(String.fromCharCode(137, 80, 78, 71))}`,
    });
  });

  it('RETURN ITEM asks why, then returns the item to the pickup spot', async () => {
    signIn({ is_courier: 1 });
    const calls = api({
      [DELIVERY]: pickedUp(),
      [UPDATE]: pickedUp({ delivery_status: 'Returned', return_reason: 'buyer_not_there' }),
    });
    const { user } = open();
    await ready();
    expect(screen.queryByRole('button', { name: 'UNABLE TO DELIVER' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'RETURN ITEM' }));
    const panel = screen.getByRole('form', { name: 'Return the item' });
    await user.click(within(panel).getByRole('button', { name: 'Confirm return' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Choose why the item goes back.');
    await user.click(within(panel).getByRole('radio', { name: 'Buyer not there' }));
    await user.type(within(panel).getByLabelText(/Note for the buyer/), 'Waited 10 min');
    calls.set(
      DELIVERY,
      pickedUp({ delivery_status: 'Returned', return_reason: 'buyer_not_there' }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Confirm return' }));
    expect(await screen.findByText(/Returned to Cafe 101: Buyer not there/)).toBeVisible();
    expect(calls.callsTo(UPDATE)[0]!.body).toEqual({
      delivery_status: 'Returned',
      device_time: expect.any(String),
      reason: 'buyer_not_there',
      note: 'Waited 10 min',
    });
  });

  it('says the buyer cancelled, and offers no move', async () => {
    signIn({ is_courier: 1 });
    api({ [DELIVERY]: mine({ delivery_status: 'Cancelled', cancel_reason: 'Found one nearer' }) });
    open();
    await ready();
    expect(screen.getByText(/The buyer cancelled this delivery\./)).toBeVisible();
    for (const name of ['PICKED UP', 'FINISH DROP OFF'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'UNABLE TO DELIVER' })).toBeNull();
  });

  it('shows the walking distance to the next spot, and Arriving close to it', async () => {
    signIn({ is_courier: 1 });
    api();
    open();
    await ready();
    // Assigned: to the pickup (Cafe 101, 37.7223 -122.4785), from about 130 m away.
    act(() => geo.move(37.7211, -122.4785));
    expect(await screen.findByTestId('walking-distance')).toHaveTextContent(
      /^\d+ m · about \d+ min walk to the pickup at Cafe 101$/,
    );
    act(() => geo.move(37.72231, -122.4785));
    await waitFor(() =>
      expect(screen.getByTestId('walking-distance')).toHaveTextContent(
        'Arriving to the pickup at Cafe 101',
      ),
    );
  });
});
