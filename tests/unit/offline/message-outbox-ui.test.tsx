import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ProductPage } from '#client/features/listings/product-page.js';
import { ChatsPage } from '#client/features/messages/chats-page.js';
import { getOutboxState, refreshOutbox, replayNow } from '#client/lib/outbox.js';
import { makeListing, signIn } from '../support/data';
import { offline, reply, stubApi, type Routes } from '../support/fetch-stub';
import { renderAt } from '../support/render';

const open = () =>
  renderAt(<ProductPage />, { path: '/productListing/:listingId', url: '/productListing/11' });

/** Listing 11 by seller 3 (priya); the buyer is maria (7), who has not written yet. */
function listingApi(extra: Routes = {}) {
  return stubApi({
    'GET /api/listing/11': [makeListing()],
    'GET /api/review/eligibility/3': { can_review: false, message: null },
    'GET /api/review/3': [],
    'GET /api/direct_message/listing-sender/get': [],
    'GET /api/delivery_request/listing-buyer': [],
    ...extra,
  });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the product page’s message box on a failing network', () => {
  it('keeps a message whose send fails on the network as Waiting to send, never "Could not send"', async () => {
    signIn();
    const api = listingApi({ 'POST /api/direct_message': offline });
    const { user } = open();
    await user.type(await screen.findByPlaceholderText('Type a message'), 'Still available?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const waiting = await screen.findByTestId('message-waiting');
    expect(waiting).toHaveTextContent('Waiting to send');
    expect(waiting).toHaveTextContent('“Still available?”');
    expect(screen.queryByText(/Could not send/)).toBeNull();
    // Kept in the outbox with the id it was first sent with, for the replay.
    const [entry] = getOutboxState().entries;
    const first = api.callsTo('POST /api/direct_message')[0]!.body as { client_id: string };
    expect(entry).toMatchObject({
      kind: 'message',
      senderId: 7,
      message: { receiver_id: 3, listing_id: 11, content: 'Still available?' },
    });
    expect(entry!.key).toBe(first.client_id);
  });

  it('shows the server’s own words when it refuses the message (not the network)', async () => {
    // Another buyer: the outbox (module state, as in the app) still holds maria's message.
    signIn({ user_id: 8, username: 'ben' });
    listingApi({
      'POST /api/direct_message': reply(403, {
        message: 'You cannot message this person.',
        code: 'forbidden',
      }),
    });
    const { user } = open();
    await user.type(await screen.findByPlaceholderText('Type a message'), 'Hello?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not send: You cannot message this person.',
    );
    expect(screen.queryByTestId('message-waiting')).toBeNull();
    expect(
      getOutboxState().entries.filter((e) => e.kind === 'message' && e.senderId === 8),
    ).toEqual([]);
  });
});

describe('a message on a slow network', () => {
  it('is sent once when the outbox replays while its answer is on the way, and never waits', async () => {
    // Another buyer: the outbox (module state, as in the app) may hold earlier tests' messages.
    signIn({ user_id: 9, username: 'lee' });
    let answer: (response: Response) => void = () => undefined;
    const api = listingApi({
      'POST /api/direct_message': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user } = open();
    await user.type(await screen.findByPlaceholderText('Type a message'), 'Is it still there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Sending…' });
    // Meanwhile the outbox replays (the connection came back, a timer, another tab): the
    // message is still being sent, not waiting.
    await replayNow();
    await act(() => refreshOutbox());
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeVisible();
    expect(screen.queryByTestId('message-waiting')).toBeNull();
    const sent = api.callsTo('POST /api/direct_message')[0]!.body as Record<string, unknown>;
    answer(
      new Response(JSON.stringify({ message_id: 5, ...sent, timestamp: '2026-12-07T12:00:00Z' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByText('Message Sent to Seller')).toBeVisible();
    expect(screen.queryByTestId('message-waiting')).toBeNull();
    expect(
      getOutboxState().entries.filter((e) => e.kind === 'message' && e.senderId === 9),
    ).toEqual([]);
    await replayNow();
    expect(api.callsTo('POST /api/direct_message')).toHaveLength(1);
  });
});

describe('a first message to a seller written offline', () => {
  /**
   * `buyer` writes `text` to the seller of listing 11 with no network for the send, then opens
   * Messages (whose own list answers as `messageList` says): the list's one conversation.
   */
  async function writeOfflineThenOpenMessages(
    buyer: { user_id: number; username: string },
    text: string,
    messageList: Routes[string],
  ) {
    signIn(buyer);
    listingApi({ 'POST /api/direct_message': offline, 'GET /api/direct_message': messageList });
    const { user, router } = renderAt(<ProductPage />, {
      path: '/productListing/:listingId',
      url: '/productListing/11',
      routes: [{ path: '/Chats', element: <ChatsPage /> }],
    });
    await user.type(await screen.findByPlaceholderText('Type a message'), text);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByTestId('message-waiting');

    await router.navigate('/Chats');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const item = within(list).getByRole('link');
    expect(item).toHaveTextContent(makeListing().title);
    expect(item).toHaveTextContent(`with ${makeListing().username}`);
    expect(item).toHaveTextContent(`You: ${text}`);
    expect(item).toHaveTextContent('Waiting to send');
    expect(screen.queryByText(/No conversations yet/)).toBeNull();
    return { user, item };
  }

  it('is a conversation in Messages at once, named by its listing, waiting to send, and opens to it', async () => {
    // Other buyers than above: the outbox is module state, as in the app.
    const { user, item } = await writeOfflineThenOpenMessages(
      { user_id: 9, username: 'lee' },
      'Can I pick it up?',
      [],
    );
    await user.click(item);
    const bubble = await screen.findByTestId('message-waiting');
    expect(bubble).toHaveTextContent('Can I pick it up?');
    expect(bubble).toHaveTextContent('Waiting to send');
  });

  it('is listed even when Messages never loaded on the device, with the note that the rest has not come', async () => {
    await writeOfflineThenOpenMessages(
      { user_id: 10, username: 'ana' },
      'Still for sale?',
      offline,
    );
    // The rest of Messages is still to come: said, with its Try again.
    const note = await screen.findByRole('alert');
    expect(note).toHaveTextContent('The network is not answering.');
    expect(within(note).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
