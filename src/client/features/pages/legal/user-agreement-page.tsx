import { Link } from 'react-router';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import '#client/components/ui/info-page.css';

export function UserAgreementPage() {
  useDocumentTitle('User Agreement');
  return (
    <article className="page page-narrow legal">
      <h1>User Agreement</h1>
      <p>This agreement explains what you can expect from us and what we expect from you.</p>
      <h2>Your data</h2>
      <ul>
        <li>
          We store your name, username, campus e-mail, your listings, messages, reviews and delivery
          requests so the service can work.
        </li>
        <li>
          Other users see your username, rating, listings and reviews. Your e-mail address is never
          shown to other users.
        </li>
        <li>
          Photos you upload are re-encoded, which removes hidden data such as the location where
          they were taken.
        </li>
        <li>
          Couriers share their position only while they carry out a delivery, and only with that
          delivery’s buyer and seller.
        </li>
        <li>We do not sell your data or show ads.</li>
      </ul>
      <h2>Your responsibilities</h2>
      <ul>
        <li>Keep your listings accurate and mark items sold once they are gone.</li>
        <li>Reply to buyers and sellers in good faith and show up for hand-overs you agreed to.</li>
        <li>Report problems or unsafe behaviour to the team.</li>
      </ul>
      <h2>Leaving</h2>
      <p>
        You may stop using Gator Market at any time. Ask the team to delete your account and we will
        remove your personal data, keeping only what is needed to finish open deliveries.
      </p>
      <p>
        Read the <Link to="/terms-of-service">Terms of Service</Link> too.
      </p>
    </article>
  );
}
