import { Link } from 'react-router';
import { pickupLocations } from '#shared/locations.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import '#client/components/ui/info-page.css';

/** /safety: how to meet a stranger on campus and come away with what you paid for. */
export function SafetyPage() {
  useDocumentTitle('Safety');
  return (
    <article className="page page-narrow legal">
      <h1>Meeting safely on campus</h1>
      <p>Most sales go smoothly. A few habits keep it that way, for buyers and sellers alike.</p>
      <h2>Meet on campus, at a listed pickup spot</h2>
      <p>
        Meet in daylight, in a busy public place on campus. The pickup spots couriers use are good
        choices:
      </p>
      <ul>
        {pickupLocations().map((place) => (
          <li key={place}>{place}</li>
        ))}
      </ul>
      <p>
        Never go to a stranger’s room or car, and never invite one to yours. Tell a friend where you
        are going, or bring one.
      </p>
      <h2>What to check</h2>
      <ul>
        <li>Look the item over, and try it (switch it on, check the size) before you pay.</li>
        <li>
          For electronics, ask to see the serial number; a stolen phone or bike is still stolen.
        </li>
        <li>Read the seller’s reviews and rating on the listing page.</li>
        <li>
          Keep the conversation in Gator Market’s messages, so a moderator can see it if something
          goes wrong.
        </li>
      </ul>
      <h2>Signs of a scam</h2>
      <ul>
        <li>Asked to pay before you have seen the item, by gift card, wire or a payment link.</li>
        <li>A price far below what the item is worth, and pressure to decide now.</li>
        <li>Asked for your password, your student ID or a code we e-mailed you.</li>
      </ul>
      <h2>If something is wrong</h2>
      <p>
        Use <strong>Report</strong> on the listing, the person’s profile or the conversation: a
        moderator reads every report. <strong>Block</strong> someone to stop hearing from them; they
        are not told. You can unblock people from your <Link to="/RealUserProfile">profile</Link>.
        In an emergency call University Police at (415) 338-7200 or 911.
      </p>
    </article>
  );
}
