import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DirectMessage } from '#shared/schemas/messages.js';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { EmptyNote, QueryStateNote } from '#client/components/ui/status.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { ConversationList } from './conversation-list';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWaitingMessagesOf } from '#client/lib/outbox-hooks.js';
import { deliveriesQuery } from '#client/lib/queries/deliveries.js';
import { cachedListing } from '#client/lib/queries/listings.js';
import { groupConversations, markCouriers, withWaiting } from './conversations';
import { useMessages } from './messages-api';
import { ThreadView, type ThreadExtra } from './thread-view';
import '#client/features/messages/chats.css';

/** `threadExtra`: what the app shell shows in a conversation beside its messages (its offers). */
export function ChatsPage({ threadExtra }: { threadExtra?: ThreadExtra } = {}) {
  useDocumentTitle('Messages');
  return <RequireUser>{(user) => <Chats user={user} threadExtra={threadExtra} />}</RequireUser>;
}

function Chats({ user, threadExtra }: { user: SessionUser; threadExtra?: ThreadExtra }) {
  const messages = useMessages();
  const waiting = useWaitingMessagesOf(user.user_id);
  // Messages never loaded on this device (offline since, say): what waits to send is a
  // conversation already, shown above the note that the rest has not come. The list stays
  // the same element when the rest arrives.
  if (messages.data !== undefined || waiting.length > 0) {
    return (
      <Conversations
        messages={messages.data ?? []}
        user={user}
        pending={messages.data === undefined && <QueryStateNote query={messages} />}
        threadExtra={threadExtra}
      />
    );
  }
  return (
    <div className="page">
      <h1>Messages</h1>
      <QueryStateNote query={messages} />
    </div>
  );
}

function Conversations({
  messages,
  user,
  pending,
  threadExtra,
}: {
  messages: DirectMessage[];
  user: SessionUser;
  /** Where the list is only what waits to send: the state of loading the rest. */
  pending?: ReactNode;
  threadExtra?: ThreadExtra;
}) {
  const [params] = useSearchParams();
  // Who carries my orders: their messages are marked as the courier's.
  const deliveries = useQuery(deliveriesQuery());
  const client = useQueryClient();
  const waiting = useWaitingMessagesOf(user.user_id);
  const selectedKey = params.get('c');
  const conversations = markCouriers(
    withWaiting(groupConversations(messages, user.user_id), waiting, (id) =>
      cachedListing(client, id),
    ),
    deliveries.data ?? [],
    user.user_id,
  );
  const selected = conversations.find((c) => c.key === selectedKey) ?? null;
  const unread = conversations.reduce((sum, c) => sum + c.unread, 0);

  return (
    <div className={`page chats${selected ? ' has-thread' : ''}`}>
      <div className="page-head chats-head">
        <h1>Messages {unread > 0 && <span className="badge badge-count">{unread} unread</span>}</h1>
      </div>
      {pending}
      {conversations.length === 0 ? (
        <EmptyNote>
          No conversations yet. Open a listing and send the seller a message.{' '}
          <Link to="/">Browse listings</Link>
        </EmptyNote>
      ) : (
        <div className="chats-layout">
          <div className="chats-list">
            <ConversationList
              conversations={conversations}
              selectedKey={selected?.key ?? null}
              myId={user.user_id}
            />
          </div>
          <div className="chats-thread">
            {selected ? (
              <ThreadView
                key={selected.key}
                conversation={selected}
                myId={user.user_id}
                extra={threadExtra}
              />
            ) : (
              <p className="note chats-pick">Choose a conversation to read it.</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
