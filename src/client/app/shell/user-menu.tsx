import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.js';
import { InstallAppOffer } from '#client/components/install/install-app-offer.js';
import { Avatar } from '#client/components/ui/avatar.js';
import { useUnreadCount } from '#client/lib/queries/message-list.js';
import { useSignOut } from '#client/lib/sign-out.js';

/**
 * Profile, Message, Favourites, Order Status, Courier (couriers only), Install app (while it can be
 * installed) and Sign Out; the unread messages counted on it.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(user.user_id);
  const shown = unread > 99 ? '99+' : String(unread);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const signOut = useSignOut();
  const location = useLocation();
  const [seenPath, setSeenPath] = useState(location.pathname);
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        ref={button}
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={user.username} />
        {unread > 0 && (
          <span className="badge badge-count user-menu-count" aria-hidden="true">
            {shown}
          </span>
        )}
        {/* The name comes from the content, so it always holds the visible username. */}
        <span className="user-menu-name">{user.username}</span>{' '}
        <span className="visually-hidden">
          account menu
          {unread > 0 && `, ${unread} unread ${unread === 1 ? 'message' : 'messages'}`}
        </span>
        <span aria-hidden="true" className="caret">
          ▾
        </span>
      </button>
      <ul id={menuId} className="user-menu-list" hidden={!open} role="list" aria-label="Account">
        <li>
          <Link to="/RealUserProfile">Profile</Link>
        </li>
        <li>
          <Link to="/Chats">
            Message
            {unread > 0 && (
              <>
                {' '}
                <span className="badge badge-count">
                  {shown} <span className="visually-hidden">unread</span>
                </span>
              </>
            )}
          </Link>
        </li>
        <li>
          <Link to="/favorites">Favourites</Link>
        </li>
        <li>
          <Link to="/OrderStatus">Order Status</Link>
        </li>
        {user.is_courier === 1 && (
          <li>
            <Link to="/CourierPage">Courier</Link>
          </li>
        )}
        {user.is_moderator === 1 && (
          <li>
            <Link to="/moderation">Moderation</Link>
          </li>
        )}
        <InstallAppOffer
          place="menu"
          onChoose={() => {
            // Closed first, so focus comes back to the menu's button, not a hidden item.
            setOpen(false);
            button.current?.focus();
          }}
        />
        <li>
          <button type="button" onClick={() => void signOut()}>
            Sign Out
          </button>
        </li>
      </ul>
    </div>
  );
}
