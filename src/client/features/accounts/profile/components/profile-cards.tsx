import { Link } from 'react-router';

interface Card {
  to: string;
  title: string;
  text: string;
  icon: string;
}

/** 24x24 outline icons (paths), drawn inline so no icon font or emoji font is needed. */
const ICONS = {
  chat: 'M4 5h16v10H8l-4 4V5Z',
  tag: 'M3 12V4h8l10 10-8 8L3 12Zm5-5.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z',
  box: 'M3 7l9-4 9 4v10l-9 4-9-4V7Zm0 0 9 4 9-4M12 11v10',
  bike: 'M5.5 17.5a3 3 0 1 0 0-.01M18.5 17.5a3 3 0 1 0 0-.01M5.5 17.5 9 10h6l3.5 7.5M9 10 7.5 7H5m10 3-1.5-3H16',
};

/** Messages, Active Listings, Delivery Requests, and Courier Dashboard for couriers. */
export function ProfileCards({ isCourier }: { isCourier: boolean }) {
  const cards: Card[] = [
    { to: '/Chats', title: 'Messages', text: 'Talk with buyers and sellers.', icon: ICONS.chat },
    {
      to: '/userListings',
      title: 'Active Listings',
      text: 'Mark items sold or remove them.',
      icon: ICONS.tag,
    },
    {
      to: '/vendorDeliveryRequest',
      title: 'Delivery Requests',
      text: 'Accept or decline buyers’ delivery requests.',
      icon: ICONS.box,
    },
  ];
  if (isCourier) {
    cards.push({
      to: '/CourierPage',
      title: 'Courier Dashboard',
      text: 'Pick up deliveries and earn on campus.',
      icon: ICONS.bike,
    });
  }
  return (
    <ul className="profile-cards" role="list">
      {cards.map((card) => (
        <li key={card.to}>
          <Link to={card.to} className="profile-card">
            <svg
              className="profile-card-icon"
              viewBox="0 0 24 24"
              width="28"
              height="28"
              aria-hidden="true"
              focusable="false"
            >
              <path
                d={card.icon}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            </svg>
            <span className="profile-card-title">{card.title}</span>
            <span className="profile-card-text">{card.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
