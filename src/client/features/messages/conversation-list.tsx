import { Link } from 'react-router';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { relativeTime } from '#client/lib/format.js';
import type { Conversation } from './conversations';

interface Props {
  conversations: readonly Conversation[];
  selectedKey: string | null;
  myId: number;
}

/** Conversations newest first: listing thumbnail and title, counterpart, last line, unread. */
export function ConversationList({ conversations, selectedKey, myId }: Props) {
  return (
    <ul className="conversations" role="list" aria-label="Conversations">
      {conversations.map((c) => (
        <li key={c.key}>
          <Link
            to={`?c=${c.key}`}
            className={`conversation${c.key === selectedKey ? ' is-selected' : ''}${c.unread ? ' is-unread' : ''}`}
            aria-current={c.key === selectedKey ? 'true' : undefined}
          >
            <ListingImage src={c.thumbnail} alt="" width={56} height={56} />
            <span className="conversation-body">
              <span className="conversation-title">{c.title ?? 'Listing removed'}</span>
              <span className="conversation-with">
                with {c.otherUsername}
                {c.otherRole && <span className="badge badge-role">{c.otherRole}</span>}
              </span>
              <span className="conversation-last">
                {c.last.sender_id === myId ? 'You: ' : ''}
                {c.last.content}
              </span>
            </span>
            <span className="conversation-side">
              {c.waitingOnly ? (
                <span className="conversation-waiting">Waiting to send</span>
              ) : (
                <time dateTime={c.last.created_at}>{relativeTime(c.last.created_at)}</time>
              )}
              {c.unread > 0 && (
                <span className="badge badge-count">
                  {c.unread}
                  <span className="visually-hidden"> unread</span>
                </span>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
