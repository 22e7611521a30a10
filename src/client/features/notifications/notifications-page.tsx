import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NotificationItem } from '#shared/schemas/notifications.js';
import { SCREENS } from '#shared/screens.js';
import { RequireUser } from '#client/components/require-user.js';
import { QueryView } from '#client/components/ui/status.js';
import { relativeTime } from '#client/lib/format.js';
import { notificationPageQuery } from '#client/lib/queries/notifications.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { useMarkRead } from './notifications-api';
import './notifications.css';
import { Button } from '#client/components/ui/button.js';

/** /notifications: what happened with your orders, deliveries, listings and messages. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  return <RequireUser>{() => <Centre />}</RequireUser>;
}

function Centre() {
  const first = useQuery(notificationPageQuery(null));
  const markRead = useMarkRead();
  const unread = first.data?.unread ?? 0;
  return (
    <div className="page notifications">
      <div className="page-head">
        <h1>Notifications</h1>
        <Link to={SCREENS.notificationSettings} className="btn btn-outline">
          Settings
        </Link>
      </div>
      {unread > 0 && (
        <p className="notifications-bar">
          <span>{unread === 1 ? '1 unread' : `${unread} unread`}</span>
          <Button
            variant="outline"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all as read
          </Button>
        </p>
      )}
      <QueryView
        query={{ ...first, data: first.data?.items }}
        empty="Nothing yet. Delivery requests, order updates, new jobs and messages show up here."
      >
        {(items) => <Items items={items} next={first.data?.next_cursor ?? null} />}
      </QueryView>
    </div>
  );
}

/** A page's items, then "Show older" for the page after it. */
function Items({ items, next }: { items: NotificationItem[]; next: number | null }) {
  const markRead = useMarkRead();
  const [older, setOlder] = useState(false);
  return (
    <>
      <ul className="notification-list" role="list">
        {items.map((item) => (
          <NotificationRow
            key={item.id}
            item={item}
            onOpen={() => {
              if (item.read_at === null) markRead.mutate({ ids: [item.id] });
            }}
          />
        ))}
      </ul>
      {next !== null &&
        (older ? (
          <OlderPage cursor={next} />
        ) : (
          <Button variant="outline" block onClick={() => setOlder(true)}>
            Show older
          </Button>
        ))}
    </>
  );
}

function OlderPage({ cursor }: { cursor: number }) {
  const page = useQuery(notificationPageQuery(cursor));
  return (
    <QueryView query={{ ...page, data: page.data?.items }}>
      {(items) => <Items items={items} next={page.data?.next_cursor ?? null} />}
    </QueryView>
  );
}

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const unread = item.read_at === null;
  return (
    <li className={unread ? 'notification notification-unread' : 'notification'}>
      <Link to={item.url} onClick={onOpen}>
        <span className="notification-title">
          {unread && <span className="visually-hidden">Unread: </span>}
          {item.title}
        </span>
        <span className="notification-body">{item.body}</span>
        <time dateTime={item.created_at}>{relativeTime(item.created_at)}</time>
      </Link>
    </li>
  );
}
