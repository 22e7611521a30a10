import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CourierPage } from '#client/features/deliveries/courier/courier-page.js';
import { CurrentDeliveryPage } from '#client/features/deliveries/courier/current-delivery-page.js';
import { getSessionUser } from '#client/lib/session.js';
import { makeDelivery, makeUser, signIn } from '../support/data';
import { never, reply, stubApi, type Routes } from '../support/fetch-stub';
import { answerNextDialog, noDialog } from '../support/dialogs';
import { currentPath, itSendsSignedOutToLogin, renderAt } from '../support/render';

const UNASSIGNED = 'GET /api/delivery_instruction/courier/unassigned';
const MINE = 'GET /api/delivery_instruction/courier/7';

/** Where the dashboard navigated, with the delivery it passed along. */
function NavProbe() {
  const location = useLocation();
  const state = location.state as { delivery?: { delivery_id: number } } | null;
  return (
    <p data-testid="nav">
      {location.pathname} state:{state?.delivery?.delivery_id ?? 'none'}
    </p>
  );
}

const openDashboard = () =>
  renderAt(<CourierPage />, {
    path: '/CourierPage',
    routes: [{ path: '/courierNav/:deliveryId', element: <NavProbe /> }],
  });

const waiting = makeDelivery({ delivery_id: 41, title: 'Desk lamp' });

/** An on-shift courier with one delivery in the pool (`waiting`) and none of their own. */
function onShiftWaiting(routes: Routes) {
  signIn({ is_courier: 1, on_shift: 1 });
  return stubApi({ [UNASSIGNED]: [waiting], [MINE]: [], ...routes });
}
const assigned = makeDelivery({
  delivery_id: 42,
  title: 'Bike helmet',
  courier_id: 7,
  delivery_status: 'Assigned',
});
const pickedUp = makeDelivery({
  delivery_id: 43,
  title: 'Rice cooker',
  courier_id: 7,
  delivery_status: 'Picked Up',
});
/** Delivered long ago: nothing left to do on it. */
const delivered = makeDelivery({
  delivery_id: 44,
  title: 'Calculus book',
  courier_id: 7,
  delivery_status: 'Delivered',
  updated_at: '2020-01-01T10:00:00.000Z',
});

const column = (name: RegExp) => screen.getByRole('region', { name });

describe('courier dashboard', () => {
  itSendsSignedOutToLogin(openDashboard);

  it('explains to a non-courier how to become one', async () => {
    signIn({ is_courier: 0 });
    const api = stubApi({});
    const { user, router } = openDashboard();
    expect(screen.getByText(/Only couriers can deliver orders/)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Become a Courier on your profile' }));
    expect(currentPath(router)).toBe('/RealUserProfile');
    expect(api.calls).toHaveLength(0);
  });

  it('off shift offers no new work; Available for Work starts the shift', async () => {
    signIn({ is_courier: 1, on_shift: 0 });
    const api = stubApi({
      [UNASSIGNED]: [waiting],
      [MINE]: [assigned, delivered, pickedUp],
      'PUT /api/user/7': makeUser({ is_courier: 1, on_shift: 1 }),
    });
    const { user } = openDashboard();
    expect(screen.getByText('You are off shift.')).toBeVisible();
    expect(column(/^Available/)).toHaveTextContent(/You are off shift. Tap Available for Work/);
    expect(await within(column(/^In Progress/)).findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(api.callsTo(UNASSIGNED)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Available for Work' }));
    expect(await screen.findByRole('button', { name: 'END SHIFT' })).toBeVisible();
    expect(api.callsTo('PUT /api/user/7')[0]!.body).toEqual({ on_shift: 1 });
    expect(getSessionUser()?.on_shift).toBe(1);
    const card = await within(column(/^Available/)).findByRole('article', { name: 'Desk lamp' });
    expect(card).toHaveTextContent('Pick up: Cafe 101');
    expect(card).toHaveTextContent('Drop off: Library');
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('END SHIFT stops the shift', async () => {
    const api = onShiftWaiting({
      'PUT /api/user/7': makeUser({ is_courier: 1, on_shift: 0 }),
    });
    const { user } = openDashboard();
    await within(column(/^Available/)).findByRole('article', { name: 'Desk lamp' });
    expect(await within(column(/^In Progress/)).findByText('Nothing in progress.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'END SHIFT' }));
    // Nothing under way: no question to answer.
    expect(noDialog()).toBe(true);
    expect(await screen.findByRole('button', { name: 'Available for Work' })).toBeVisible();
    expect(api.callsTo('PUT /api/user/7')[0]!.body).toEqual({ on_shift: 0 });
    expect(screen.queryByRole('article', { name: 'Desk lamp' })).toBeNull();
  });

  it('END SHIFT with deliveries in progress warns first', async () => {
    signIn({ is_courier: 1, on_shift: 1 });
    const api = stubApi({
      [UNASSIGNED]: [],
      [MINE]: [assigned, pickedUp, delivered],
      'PUT /api/user/7': makeUser({ is_courier: 1, on_shift: 0 }),
    });
    const { user } = openDashboard();
    expect(await within(column(/^In Progress/)).findAllByRole('article')).toHaveLength(2);
    const endShift = screen.getByRole('button', { name: 'END SHIFT' });
    expect(endShift).toHaveClass('btn', 'btn-large', 'btn-danger');

    await user.click(endShift);
    const warning = await screen.findByRole('alertdialog', {
      name: 'End your shift with deliveries in progress?',
    });
    expect(warning).toHaveAccessibleDescription(
      'You still have 2 deliveries in progress. They stay yours: finish them, or open them and use UNABLE TO DELIVER.',
    );
    expect(await answerNextDialog(user, false)).toBe('End your shift with deliveries in progress?');
    expect(api.callsTo('PUT /api/user/7')).toHaveLength(0);
    expect(screen.getByText('You are on shift.')).toBeVisible();

    await user.click(endShift);
    expect(await answerNextDialog(user)).toBe('End your shift with deliveries in progress?');
    expect(await screen.findByRole('button', { name: 'Available for Work' })).toBeVisible();
    expect(api.callsTo('PUT /api/user/7')[0]!.body).toEqual({ on_shift: 0 });
    // The deliveries under way stay the courier's.
    expect(within(column(/^In Progress/)).getAllByRole('article')).toHaveLength(2);
  });

  it('END SHIFT tapped before the own deliveries have come waits for them, then warns', async () => {
    signIn({ is_courier: 1, on_shift: 1 });
    let answerMine: (list: unknown) => void = () => undefined;
    const api = stubApi({
      [UNASSIGNED]: [],
      [MINE]: () => new Promise((resolve) => (answerMine = resolve)),
      'PUT /api/user/7': makeUser({ is_courier: 1, on_shift: 0 }),
    });
    const { user } = openDashboard();
    await waitFor(() => expect(api.callsTo(MINE)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'END SHIFT' }));
    // Not ended unasked while the list is on its way, and asked for once only.
    expect(api.callsTo('PUT /api/user/7')).toHaveLength(0);
    answerMine([assigned]);
    const warning = await screen.findByRole('alertdialog', {
      name: 'End your shift with deliveries in progress?',
    });
    expect(warning).toHaveAccessibleDescription(
      'You still have 1 delivery in progress. They stay yours: finish it, or open it and use UNABLE TO DELIVER.',
    );
    expect(await answerNextDialog(user, false)).toBe('End your shift with deliveries in progress?');
    expect(api.callsTo('PUT /api/user/7')).toHaveLength(0);
    expect(api.callsTo(MINE)).toHaveLength(1);
  });

  it('groups own deliveries: Assigned and Picked Up in progress, then Delivered', async () => {
    signIn({ is_courier: 1, on_shift: 1 });
    stubApi({ [UNASSIGNED]: [], [MINE]: [assigned, delivered, pickedUp] });
    openDashboard();
    const inProgress = column(/^In Progress/);
    const cards = await within(inProgress).findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Bike helmet', 'Rice cooker']);
    expect(inProgress).toHaveTextContent('In Progress (2)');
    expect(within(cards[1]!).getByText('Picked Up')).toBeVisible();
    expect(within(cards[0]!).getByRole('link', { name: 'Continue Delivery' })).toHaveAttribute(
      'href',
      '/courierNav/42',
    );
    const done = within(column(/^Delivered/)).getAllByRole('article');
    expect(done.map((c) => c.getAttribute('aria-label'))).toEqual(['Calculus book']);
    expect(within(done[0]!).queryByRole('button')).toBeNull();
    expect(column(/^Available/)).toHaveTextContent('No deliveries are waiting right now.');
  });

  it('offers "Message buyer" on deliveries in progress and lately delivered, then "See Conversation"', async () => {
    signIn({ is_courier: 1, on_shift: 0 });
    const lately = makeDelivery({
      delivery_id: 45,
      title: 'Desk fan',
      courier_id: 7,
      delivery_status: 'Delivered',
      updated_at: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString(),
    });
    const api = stubApi({
      [MINE]: [assigned, lately, delivered],
      'GET /api/direct_message': [],
      'POST /api/direct_message': (call) => ({
        message_id: 1,
        ...(call.body as object),
        created_at: new Date().toISOString(),
        read_at: null,
        sender_username: 'maria',
        receiver_username: 'buyer',
        title: 'Bike helmet',
        thumbnail: null,
      }),
    });
    const { user } = openDashboard();
    const [card] = await within(column(/^In Progress/)).findAllByRole('article');
    const done = within(column(/^Delivered/)).getAllByRole('article');
    expect(within(done[0]!).getByRole('button', { name: 'Message buyer' })).toBeVisible();
    expect(within(done[1]!).queryByRole('button')).toBeNull();

    await user.click(within(card!).getByRole('button', { name: 'Message buyer' }));
    await user.type(
      within(card!).getByPlaceholderText('Type a message'),
      'At the Library entrance',
    );
    await user.click(within(card!).getByRole('button', { name: 'Send' }));
    const link = await within(card!).findByRole('link', { name: 'See Conversation' });
    expect(link).toHaveAttribute('href', `/chats?c=${assigned.listing_id}-${assigned.buyer_id}`);
    expect(api.callsTo('POST /api/direct_message')[0]?.body).toEqual({
      sender_id: 7,
      receiver_id: assigned.buyer_id,
      listing_id: assigned.listing_id,
      content: 'At the Library entrance',
      // The id the outbox would send it again with: the server keeps it once.
      client_id: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    });
  });

  it('Accept claims the delivery and opens its screen with the delivery', async () => {
    const api = onShiftWaiting({
      'PUT /api/delivery_instruction/41': {
        ...waiting,
        courier_id: 7,
        delivery_status: 'Assigned',
      },
    });
    const { user } = openDashboard();
    const card = await screen.findByRole('article', { name: 'Desk lamp' });
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByTestId('nav')).toHaveTextContent('/courierNav/41 state:41');
    expect(api.callsTo('PUT /api/delivery_instruction/41')[0]!.body).toEqual({
      courier_id: 7,
      delivery_status: 'Assigned',
    });
  });

  it('offers no Accept on an order the courier buys or sells', async () => {
    signIn({ is_courier: 1, on_shift: 1 });
    const bought = makeDelivery({ delivery_id: 45, title: 'My own desk', buyer_id: 7 });
    const sold = makeDelivery({ delivery_id: 46, title: 'My old chair', vendor_id: 7 });
    stubApi({ [UNASSIGNED]: [bought, sold, waiting], [MINE]: [] });
    openDashboard();
    for (const title of ['My own desk', 'My old chair']) {
      const card = await within(column(/^Available/)).findByRole('article', { name: title });
      expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull();
      expect(card).toHaveTextContent('Your own order: another courier will carry it.');
    }
    const other = within(column(/^Available/)).getByRole('article', { name: 'Desk lamp' });
    expect(within(other).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('when another courier won, says so plainly and refreshes the column', async () => {
    const api = onShiftWaiting({
      'PUT /api/delivery_instruction/41': reply(409, {
        message: 'Another courier already took this delivery.',
      }),
    });
    const { user } = openDashboard();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const card = await screen.findByRole('article', { name: 'Desk lamp' });
    api.set(UNASSIGNED, []);
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another courier already took this delivery.',
    );
    await waitFor(() => expect(card).not.toBeInTheDocument());
    expect(api.callsTo(UNASSIGNED)).toHaveLength(2);
    expect(screen.queryByTestId('nav')).toBeNull();
    // Logged as a warning only, never shown.
    expect(warn).toHaveBeenCalledWith('Failed to assign delivery', expect.anything());
  });

  it('shows plain messages when the lists cannot be loaded', async () => {
    signIn({ is_courier: 1, on_shift: 1 });
    stubApi({ [UNASSIGNED]: reply(500, {}), [MINE]: reply(500, {}) });
    openDashboard();
    expect(await within(column(/^Available/)).findByRole('alert')).toHaveTextContent(
      'Failed to fetch delivery instructions',
    );
    expect(await within(column(/^In Progress/)).findByRole('alert')).toHaveTextContent(
      'Failed to fetch your deliveries',
    );
  });

  it('shows Loading… while the lists load', () => {
    signIn({ is_courier: 1, on_shift: 1 });
    stubApi({ [UNASSIGNED]: never, [MINE]: never });
    openDashboard();
    expect(within(column(/^Available/)).getByText('Loading…')).toBeVisible();
    expect(within(column(/^In Progress/)).getByText('Loading…')).toBeVisible();
  });
});

describe('/CourierNav without a delivery id', () => {
  const openCurrent = () => renderAt(<CurrentDeliveryPage />, { path: '/CourierNav' });

  it("offers the courier's current delivery", async () => {
    signIn({ is_courier: 1 });
    stubApi({ [MINE]: [delivered, pickedUp, assigned] });
    openCurrent();
    const card = await screen.findByRole('article', { name: 'Rice cooker' });
    expect(within(card).getByRole('link', { name: 'Open Delivery' })).toHaveAttribute(
      'href',
      '/courierNav/43',
    );
  });

  it('says when there is none, with a way to the dashboard', async () => {
    signIn({ is_courier: 1 });
    stubApi({ [MINE]: [delivered] });
    const { user, router } = openCurrent();
    expect(await screen.findByText('You have no delivery in progress.')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Go to Courier Dashboard' }));
    expect(currentPath(router)).toBe('/CourierPage');
  });

  it('explains to a non-courier', () => {
    signIn({ is_courier: 0 });
    stubApi({});
    openCurrent();
    expect(screen.getByText(/Only couriers can deliver orders/)).toBeVisible();
  });
});
