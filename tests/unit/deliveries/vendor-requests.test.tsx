import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VendorRequestsPage } from '#client/features/deliveries/vendor/vendor-requests-page.js';
import { pickupLocations } from '#shared/locations.js';
import { makeDelivery, makeRequest, makeUser, signIn } from '../support/data';
import { never, reply, stubApi } from '../support/fetch-stub';
import { answerNextDialog, noDialog } from '../support/dialogs';
import { currentPath, itSendsSignedOutToLogin, renderAt } from '../support/render';

const LIST = 'GET /api/delivery_request/vendor/7';
const DELIVERIES = 'GET /api/delivery_instruction';
const open = () => renderAt(<VendorRequestsPage />, { path: '/vendorDeliveryRequest' });

const lamp = makeRequest({
  delivery_request_id: 5,
  title: 'IKEA desk lamp',
  thumbnail: '/uploads/lamp.webp',
  price: 12.5,
  username: 'kai',
});
const untitled = makeRequest({
  delivery_request_id: 6,
  title: null,
  thumbnail: null,
  price: 3,
  username: 'ben',
});

describe('vendor delivery requests', () => {
  itSendsSignedOutToLogin(open);

  it('shows each request with thumbnail, title, price and buyer, and a back button', async () => {
    signIn();
    stubApi({ [LIST]: [lamp, untitled] });
    const { user, router } = open();
    expect(screen.getByRole('heading', { name: 'Delivery Requests' })).toBeVisible();
    expect(screen.getByText('Loading…')).toBeVisible();

    const card = await screen.findByRole('article', { name: 'IKEA desk lamp for kai' });
    expect(within(card).getByRole('img', { name: 'IKEA desk lamp' })).toBeVisible();
    expect(card).toHaveTextContent('$12.50');
    expect(card).toHaveTextContent('Buyer: kai');
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeEnabled();

    const other = screen.getByRole('article', { name: 'No Title for ben' });
    expect(within(other).getByRole('heading', { name: 'No Title' })).toBeVisible();
    expect(within(other).getByText('No Image')).toBeVisible();

    await user.click(screen.getByRole('button', { name: '← Back to Profile' }));
    expect(currentPath(router)).toBe('/RealUserProfile');
  });

  it('says so when there are no requests', async () => {
    signIn();
    stubApi({ [LIST]: [] });
    open();
    expect(
      await screen.findByText('No more delivery requests at this time. Please check again later.'),
    ).toBeVisible();
  });

  it('shows a load failure', async () => {
    signIn();
    stubApi({ [LIST]: reply(500, { message: 'Database is resting' }), [DELIVERIES]: [] });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database is resting');
  });

  it('Decline asks first; kept, nothing changes', async () => {
    signIn();
    const api = stubApi({ [LIST]: [lamp, untitled] });
    const { user } = open();
    const card = await screen.findByRole('article', { name: 'IKEA desk lamp for kai' });
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const question = await screen.findByRole('alertdialog', {
      name: 'Decline this delivery request?',
    });
    expect(question).toHaveAccessibleDescription(
      'IKEA desk lamp for kai: the buyer sees Denied, and it cannot be taken back.',
    );
    // Giving something up: the safe answer has the focus, so a second tap does not decline.
    expect(within(question).getByRole('button', { name: 'Keep request' })).toHaveFocus();
    expect(await answerNextDialog(user, false)).toBe('Decline this delivery request?');
    expect(noDialog()).toBe(true);
    expect(card).toBeVisible();
    expect(api.callsTo('PUT /api/delivery_request/5')).toHaveLength(0);
  });

  it('Decline, once confirmed, sets the request to Denied and removes the card', async () => {
    signIn();
    const api = stubApi({
      [LIST]: [lamp, untitled],
      'PUT /api/delivery_request/5': { ...lamp, status: 'Denied' },
    });
    const { user } = open();
    const card = await screen.findByRole('article', { name: 'IKEA desk lamp for kai' });
    api.set(LIST, [untitled]);
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(await answerNextDialog(user)).toBe('Decline this delivery request?');
    await waitFor(() => expect(card).not.toBeInTheDocument());
    expect(api.callsTo('PUT /api/delivery_request/5')[0]!.body).toEqual({ status: 'Denied' });
    expect(screen.getByRole('article', { name: 'No Title for ben' })).toBeVisible();
  });

  it('Accept asks for a pickup location, then confirms the delivery', async () => {
    signIn();
    const api = stubApi({
      [LIST]: [lamp, untitled],
      'POST /api/delivery_instruction/request/accept/5': reply(201, { delivery_id: 90 }),
    });
    const { user } = open();
    const card = await screen.findByRole('article', { name: 'IKEA desk lamp for kai' });
    await user.click(within(card).getByRole('button', { name: 'Accept' }));

    const dialog = screen.getByRole('dialog', { name: 'Accept Delivery' });
    expect(within(dialog).getByRole('img', { name: 'IKEA desk lamp' })).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'IKEA desk lamp' })).toBeVisible();
    // Where the courier takes it, and for whom, before the vendor chooses the pickup.
    expect(within(dialog).getByText('Drop-off:').parentElement).toHaveTextContent(
      'Drop-off: Library',
    );
    expect(within(dialog).getByText('Buyer:').parentElement).toHaveTextContent('Buyer: kai');
    const pickup = within(dialog).getByLabelText('Pickup Location');
    expect(pickup).toBeRequired();
    const choices = within(pickup)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(choices.slice(1)).toEqual([...pickupLocations()]);
    const note = within(dialog).getByLabelText('Vendor Special Request');
    expect(note).toHaveAttribute('rows', '3');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm Delivery' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose a pickup location.');
    expect(api.callsTo('POST /api/delivery_instruction/request/accept/5')).toHaveLength(0);

    await user.selectOptions(pickup, 'Library');
    await user.type(note, 'Side door');
    api.set(LIST, [untitled]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Delivery' }));
    expect(await answerNextDialog(user)).toBe('Delivery accepted!');
    expect(api.callsTo('POST /api/delivery_instruction/request/accept/5')[0]!.body).toEqual({
      pickup: 'Library',
      vendor_special_request: 'Side door',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(noDialog()).toBe(true);
    expect(card).not.toBeInTheDocument();
  });

  it('the modal shows (Unknown) for a missing title, closes, and shows server refusals', async () => {
    signIn();
    stubApi({
      [LIST]: [untitled],
      'POST /api/delivery_instruction/request/accept/6': reply(409, {
        message: 'This request was declined.',
      }),
    });
    const { user } = open();
    const card = await screen.findByRole('article', { name: 'No Title for ben' });
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    let dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: '(Unknown)' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Pickup Location'), 'Quickly');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Delivery' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This request was declined.',
    );
    expect(noDialog()).toBe(true);
  });

  it('shows Loading… until the list arrives', () => {
    signIn();
    stubApi({ [LIST]: never });
    open();
    expect(screen.getByText('Loading…')).toBeVisible();
  });

  it('lists the deliveries the vendor accepted with their progress and courier', async () => {
    signIn();
    const waiting = makeDelivery({
      delivery_id: 41,
      vendor_id: 7,
      title: 'Desk chair',
      delivery_status: 'Unassigned',
    });
    const carried = makeDelivery({
      delivery_id: 42,
      vendor_id: 7,
      title: 'Calculus book',
      delivery_status: 'Picked Up',
      courier_id: 30,
      pickup: 'Library',
      dropoff: 'Hensill Hall',
    });
    const done = makeDelivery({
      delivery_id: 43,
      vendor_id: 7,
      title: 'Old lamp',
      delivery_status: 'Delivered',
      courier_id: 30,
    });
    // Bought by the vendor from someone else: not theirs to follow here.
    const bought = makeDelivery({ delivery_id: 44, vendor_id: 3, buyer_id: 7, title: 'Kettle' });
    const api = stubApi({
      [LIST]: [],
      [DELIVERIES]: [waiting, carried, done, bought],
      'GET /api/user/30': [makeUser({ user_id: 30, username: 'tomc', first_name: 'Tom' })],
    });
    open();
    const section = await screen.findByRole('region', { name: 'Accepted deliveries' });
    expect(within(section).getByText('Loading your accepted deliveries…')).toBeVisible();

    const chair = await within(section).findByRole('article', { name: 'Desk chair' });
    expect(within(chair).getByText('Unassigned')).toBeVisible();
    expect(within(chair).getByTestId('courier')).toHaveTextContent(
      'Courier: waiting for a courier to take it',
    );
    const book = within(section).getByRole('article', { name: 'Calculus book' });
    expect(within(book).getByText('Picked Up')).toBeVisible();
    expect(book).toHaveTextContent('Pick up: Library Drop off: Hensill Hall');
    await waitFor(() =>
      expect(within(book).getByTestId('courier')).toHaveTextContent('Courier: Tom'),
    );
    // Finished ones, and the vendor's own purchases, are not under way here.
    expect(within(section).queryByRole('article', { name: 'Old lamp' })).toBeNull();
    expect(within(section).queryByRole('article', { name: 'Kettle' })).toBeNull();
    expect(
      within(section).getByRole('link', { name: 'All deliveries of your items' }),
    ).toHaveAttribute('href', '/vendorPage');
    // One look-up per courier, however many deliveries they carry.
    expect(api.callsTo('GET /api/user/30')).toHaveLength(1);
  });

  it('says so when nothing accepted is under way', async () => {
    signIn();
    stubApi({
      [LIST]: [],
      [DELIVERIES]: [makeDelivery({ vendor_id: 7, delivery_status: 'Delivered' })],
    });
    open();
    const section = await screen.findByRole('region', { name: 'Accepted deliveries' });
    expect(
      await within(section).findByText(
        'Nothing under way. A delivery you accept shows here with its progress until it is delivered.',
      ),
    ).toBeVisible();
  });
});
