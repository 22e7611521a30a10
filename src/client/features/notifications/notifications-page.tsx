import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { NotificationItem } from '#shared/schemas/notifications.js';
import { SCREENS } from '#shared/screens.js';
import { RequireUser } from '#client/components/require-user.js';
import { QueryView } from '#client/components/ui/status.js';
import { relativeTime } from '#client/lib/format.js';
import { notificationPagesQuery } from '#client/lib/queries/notifications.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { useMarkRead } from './notifications-api';
import './notifications.css';

/** /notifications: what happened with your orders, deliveries, listings and messages. */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  return <RequireUser>{() => <Centre />}</RequireUser>;
}

function Centre() {
  const pages = useInfiniteQuery(notificationPagesQuery());
  const markRead = useMarkRead();
  const items = pages.data?.pages.flatMap((page) => page.items);
  const unread = pages.data?.pages[0]?.unread ?? 0;
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
          <button
            type="button"
            className="btn btn-outline"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all as read
          </button>
        </p>
      )}
      <QueryView
        query={{
          data: items,
          isError: pages.isError,
          error: pages.error,
          refetch: pages.refetch,
        }}
        empty="Nothing yet. Delivery requests, order updates, new jobs and messages show up here."
      >
        {(list) => (
          <ul className="notification-list" role="list">
            {list.map((item) => (
              <NotificationRow
                key={item.id}
                item={item}
                onOpen={() => {
                  if (item.read_at === null) markRead.mutate({ ids: [item.id] });
                }}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {pages.hasNextPage && (
        <button
          type="button"
          className="btn btn-outline btn-block"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </button>
      )}
    </div>
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
