import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { groupConversations } from '#client/features/messages/conversations.js';
import { ChatsPage } from '#client/features/messages/chats-page.js';
import { unreadMessages } from '#client/lib/queries/message-list.js';
import { makeDelivery, makeMessage, signIn } from '../support/data';
import { reply, stubApi } from '../support/fetch-stub';
import { itShowsListStates, renderAt } from '../support/render';

const open = (url = '/Chats') => renderAt(<ChatsPage />, { path: '/Chats', url });

/** maria (7) talks with priya (3) about listing 11 and with ben (9) about listing 12. */
const thread = [
  makeMessage({
    message_id: 1,
    content: 'Is the lamp available?',
    read_at: '2026-11-20T11:00:00Z',
  }),
  makeMessage({
    message_id: 2,
    sender_id: 3,
    receiver_id: 7,
    sender_username: 'priya',
    receiver_username: 'maria',
    content: 'Yes it is',
    read_at: null,
  }),
  makeMessage({
    message_id: 3,
    sender_id: 9,
    receiver_id: 7,
    sender_username: 'ben',
    receiver_username: 'maria',
    listing_id: 12,
    title: 'Rain jacket (L)',
    content: 'Want my jacket?',
    read_at: '2026-11-20T12:00:00Z',
  }),
];

describe('conversations', () => {
  it('group by listing and counterpart, newest first, counting unread received messages', () => {
    const groups = groupConversations(thread, 7);
    expect(
      groups.map((g) => [g.key, g.title, g.otherUsername, g.messages.length, g.unread]),
    ).toEqual([
      ['12-9', 'Rain jacket (L)', 'ben', 1, 0],
      ['11-3', 'IKEA desk lamp', 'priya', 2, 1],
    ]);
    // The same listing with another buyer is another conversation.
    const other = makeMessage({
      message_id: 4,
      sender_id: 3,
      receiver_id: 8,
      receiver_username: 'kai',
    });
    const priyas = [...thread, other].filter((m) => m.sender_id === 3 || m.receiver_id === 3);
    expect(groupConversations(priyas, 3).map((g) => g.key)).toEqual(['11-8', '11-7']);
  });

  it('count nothing unread once one’s own message is the last, and only what came after it', () => {
    const fromPriya = (message_id: number) =>
      makeMessage({ message_id, sender_id: 3, receiver_id: 7, read_at: null });
    const mine = (message_id: number) => makeMessage({ message_id, read_at: null });
    // Priya wrote twice, unread, and maria answered (from another device, say): nothing unread.
    const answered = [fromPriya(10), fromPriya(11), mine(12)];
    expect(groupConversations(answered, 7).map((g) => g.unread)).toEqual([0]);
    expect(unreadMessages(answered, 7)).toEqual([]);
    // Then Priya wrote again: that one alone.
    const again = [...answered, fromPriya(13)];
    expect(groupConversations(again, 7).map((g) => g.unread)).toEqual([1]);
    expect(unreadMessages(again, 7).map((m) => m.message_id)).toEqual([13]);
  });
});

describe('/Chats', () => {
  itShowsListStates(open, 'GET /api/direct_message', /No conversations yet/);

  it('marks the courier of my order, whose messages I can answer', async () => {
    signIn();
    stubApi({
      'GET /api/direct_message': thread,
      // ben carries maria's order of listing 12.
      'GET /api/delivery_instruction': [
        makeDelivery({ listing_id: 12, buyer_id: 7, courier_id: 9, delivery_status: 'Picked Up' }),
      ],
    });
    const { user } = open();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() =>
      expect(within(list).getAllByRole('link')[0]).toHaveTextContent('Courier of your order'),
    );
    expect(within(list).getAllByRole('link')[1]).not.toHaveTextContent('Courier');
    await user.click(within(list).getAllByRole('link')[0]!);
    const thread12 = await screen.findByRole('region', { name: 'Rain jacket (L)' });
    expect(thread12).toHaveTextContent('Courier of your order');
    expect(within(thread12).getByPlaceholderText('Type a message')).toBeEnabled();
  });

  it('lists conversations newest first with title, thumbnail and an unread marker', async () => {
    signIn();
    stubApi({ 'GET /api/direct_message': thread });
    open();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const items = within(list).getAllByRole('link');
    expect(items[0]).toHaveTextContent('Rain jacket (L)');
    expect(items[1]).toHaveTextContent('IKEA desk lamp');
    expect(items[1]).toHaveTextContent('1 unread');
    expect(items[1]).toHaveAttribute('href', '/Chats?c=11-3');
    expect(items[1]!.querySelector('img')).toHaveAttribute('src', '/uploads/abc-sm.webp');
    expect(screen.getByRole('heading', { name: /Messages 1 unread/ })).toBeVisible();
  });

  it('opening a thread shows it and marks it read', async () => {
    signIn();
    const api = stubApi({
      'GET /api/direct_message': thread,
      'POST /api/direct_message/read': { updated: 1 },
    });
    open('/Chats?c=11-3');
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('Is the lamp available?')).toBeVisible();
    expect(within(messages).getByText('Yes it is')).toBeVisible();
    await waitFor(() => expect(api.callsTo('POST /api/direct_message/read')).toHaveLength(1));
    expect(api.callsTo('POST /api/direct_message/read')[0]!.body).toEqual({
      listing_id: 11,
      other_user_id: 3,
    });
  });

  it('sends a reply (not when blank) and refreshes the thread after sending', async () => {
    signIn();
    const api = stubApi({
      'GET /api/direct_message': thread.map((m) => ({ ...m, read_at: m.read_at ?? 'x' })),
      'POST /api/direct_message': reply(201, makeMessage({ message_id: 4 })),
    });
    const { user } = open('/Chats?c=11-3');
    const input = await screen.findByPlaceholderText('Type a message');
    await user.type(input, '   {Enter}');
    expect(api.callsTo('POST /api/direct_message')).toHaveLength(0);
    const before = api.callsTo('GET /api/direct_message').length;
    api.set('GET /api/direct_message', [
      ...thread,
      makeMessage({ message_id: 4, content: 'See you at noon' }),
    ]);
    await user.type(input, 'See you at noon{Enter}');
    expect(await screen.findByText('See you at noon', { selector: '.bubble-text' })).toBeVisible();
    expect(api.callsTo('GET /api/direct_message').length).toBeGreaterThan(before);
    expect(api.callsTo('POST /api/direct_message')[0]!.body).toEqual({
      sender_id: 7,
      receiver_id: 3,
      listing_id: 11,
      content: 'See you at noon',
      // The id the outbox would send it again with: the server keeps it once.
      client_id: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
    });
    expect(input).toHaveValue('');
  });
});
