import { Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '#shared/constants.js';
import { BlockButton } from '#client/components/safety/block-button.js';
import { ReportButton } from '#client/components/safety/report-button.js';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { relativeTime } from '#client/lib/format.js';
import { useWaitingMessages } from '#client/lib/outbox-hooks.js';
import { useSendMessage } from '#client/lib/queries/messages.js';
import { useSendKey } from '#client/lib/use-send-key.js';
import type { Conversation } from './conversations';
import { useMarkRead } from './messages-api';
import { Button } from '#client/components/ui/button.js';

/**
 * What the app shell shows in a conversation about a listing, between its head and its messages
 * (its offers and hold: app/pages/chats-page.tsx). It loads when a thread opens.
 */
export type ThreadExtra = ComponentType<{
  listingId: number | null;
  otherId: number;
  otherUsername: string;
  myId: number;
}>;

/** One conversation: messages oldest first, a reply box; opening it marks it read. */
export function ThreadView({
  conversation,
  myId,
  extra: Extra,
}: {
  conversation: Conversation;
  myId: number;
  extra?: ThreadExtra;
}) {
  const [text, setText] = useState('');
  const send = useSendMessage();
  const key = useSendKey();
  const markRead = useMarkRead();
  const end = useRef<HTMLLIElement>(null);
  const { listingId, otherId, unread, messages } = conversation;
  // Written while the network did not work: shown after the rest until the server has them
  // (and not twice once it does, whichever comes first).
  const waiting = useWaitingMessages(myId, listingId, otherId).filter(
    (e) => !messages.some((m) => m.client_id === e.message.client_id),
  );
  const { mutate: markThreadRead, isPending: marking } = markRead;
  // A report names the latest message the other person wrote.
  const lastReceived = messages.findLast((m) => m.sender_id !== myId);

  useEffect(() => {
    if (unread > 0 && listingId !== null && !marking) {
      markThreadRead({ listing_id: listingId, other_user_id: otherId });
    }
  }, [unread, listingId, otherId, marking, markThreadRead]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, waiting.length]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || listingId === null) return;
    const body = { sender_id: myId, receiver_id: otherId, listing_id: listingId, content };
    send.mutate(
      { body, key: key.for(body) },
      {
        // Sent, or kept waiting (shown above): the box is free for the next message.
        onSuccess: () => {
          key.done();
          setText('');
        },
      },
    );
  };

  return (
    <section className="thread" aria-labelledby="thread-title">
      <header className="thread-head">
        <Link to="/Chats" className="btn btn-outline thread-back">
          ← <span className="visually-hidden">Back to </span>Conversations
        </Link>
        <ListingImage src={conversation.thumbnail} alt="" width={48} height={48} />
        <div>
          <h2 id="thread-title">
            {listingId !== null && conversation.title ? (
              <Link to={`/productListing/${listingId}`}>{conversation.title}</Link>
            ) : (
              (conversation.title ?? 'Listing removed')
            )}
          </h2>
          <p>
            with {conversation.otherUsername}
            {conversation.otherRole && (
              <span className="badge badge-role">{conversation.otherRole}</span>
            )}
          </p>
        </div>
        <div className="safety-actions thread-safety">
          {lastReceived && (
            <ReportButton
              targetType="message"
              targetId={lastReceived.message_id}
              label="Report message"
            />
          )}
          <BlockButton userId={otherId} username={conversation.otherUsername} />
        </div>
      </header>
      {Extra && !conversation.waitingOnly && (
        <Suspense fallback={null}>
          <Extra
            listingId={listingId}
            otherId={otherId}
            otherUsername={conversation.otherUsername}
            myId={myId}
          />
        </Suspense>
      )}
      <ol className="thread-messages" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.message_id} className={`bubble${m.sender_id === myId ? ' is-mine' : ''}`}>
            <span className="visually-hidden">
              {m.sender_id === myId ? 'You' : m.sender_username}:{' '}
            </span>
            <span className="bubble-text">{m.content}</span>
            <time dateTime={m.created_at}>{relativeTime(m.created_at)}</time>
          </li>
        ))}
        {waiting.map((e) => (
          <li key={e.key} className="bubble is-mine is-waiting" data-testid="message-waiting">
            <span className="visually-hidden">You: </span>
            <span className="bubble-text">{e.message.content}</span>
            <span className="bubble-waiting">Waiting to send</span>
          </li>
        ))}
        <li ref={end} aria-hidden="true" className="thread-end" />
      </ol>
      <form className="inline-form thread-form" onSubmit={submit}>
        <label htmlFor="reply-text" className="visually-hidden">
          Reply to {conversation.otherUsername}
        </label>
        <input
          id="reply-text"
          placeholder="Type a message"
          autoComplete="off"
          value={text}
          maxLength={LIMITS.message}
          disabled={listingId === null}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" disabled={send.isPending || listingId === null}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </form>
      {send.isError && (
        <p className="form-error" role="alert">
          Could not send: {send.error.message}
        </p>
      )}
    </section>
  );
}
