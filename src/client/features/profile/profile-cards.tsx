import { Link } from 'react-router';

interface Card {
  to: string;
  title: string;
  text: string;
  icon: string;
}

/** Messages, Active Listings, Delivery Requests, and Courier Dashboard for couriers. */
export function ProfileCards({ isCourier }: { isCourier: boolean }) {
  const cards: Card[] = [
    { to: '/Chats', title: 'Messages', text: 'Talk with buyers and sellers.', icon: '💬' },
    {
      to: '/userListings',
      title: 'Active Listings',
      text: 'Mark items sold or remove them.',
      icon: '🏷️',
    },
    {
      to: '/vendorDeliveryRequest',
      title: 'Delivery Requests',
      text: 'Accept or decline buyers’ delivery requests.',
      icon: '📦',
    },
  ];
  if (isCourier) {
    cards.push({
      to: '/CourierPage',
      title: 'Courier Dashboard',
      text: 'Pick up deliveries and earn on campus.',
      icon: '🚲',
    });
  }
  return (
    <ul className="profile-cards" role="list">
      {cards.map((card) => (
        <li key={card.to}>
          <Link to={card.to} className="profile-card">
            <span className="profile-card-icon" aria-hidden="true">
              {card.icon}
            </span>
            <span className="profile-card-title">{card.title}</span>
            <span className="profile-card-text">{card.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
