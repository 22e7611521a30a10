import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SCREENS } from '#shared/screens.js';
import { unreadNotificationsQuery } from '#client/lib/queries/notifications.js';
import './notification-bell.css';

/**
 * The header's bell: the unread count, a tap to the notification centre. Its own chunk, loaded
 * once someone is signed in (the home route carries only the slot it fills). Live events keep
 * the count current.
 */
export function NotificationBell() {
  const { data: unread = 0 } = useQuery(unreadNotificationsQuery());
  const shown = unread > 99 ? '99+' : String(unread);
  return (
    <Link
      to={SCREENS.notifications}
      className="bell-slot bell"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2Zm4 4a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {unread > 0 && (
        <span className="badge badge-count bell-count" aria-hidden="true">
          {shown}
        </span>
      )}
    </Link>
  );
}
