import { Link } from 'react-router';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import '#client/components/ui/info-page.css';

export function TermsPage() {
  useDocumentTitle('Terms of Service');
  return (
    <article className="page page-narrow legal">
      <h1>Terms of Service</h1>
      <p>
        Gator Market is a student project that helps SF State students buy, sell and deliver items
        on campus. By creating an account you agree to these terms.
      </p>
      <h2>Who can use it</h2>
      <p>
        You need a current SF State e-mail address. One account per person; keep your password to
        yourself. You are responsible for what happens under your account.
      </p>
      <h2>Buying and selling</h2>
      <ul>
        <li>Sales are between the buyer and the seller. Gator Market is not a party to them.</li>
        <li>Describe items honestly, with your own photos, and post only items you own.</li>
        <li>
          No weapons, drugs, alcohol, stolen goods, counterfeit items, recalled products or anything
          against campus rules or the law.
        </li>
        <li>Meet or hand over items only at public campus locations.</li>
      </ul>
      <h2>Deliveries</h2>
      <p>
        Couriers are students volunteering their time. Hand over items in the condition described,
        and only items that one person can carry safely. A courier may decline a delivery that is
        unsafe.
      </p>
      <h2>Reviews and messages</h2>
      <p>
        Be respectful. No harassment, spam or sharing of other people’s personal information. We may
        remove content and close accounts that break these terms.
      </p>
      <h2>No warranty</h2>
      <p>
        The service is offered as it is, without guarantees that it is always available or
        error-free. We are not liable for items bought or sold through it.
      </p>
      <h2>Changes</h2>
      <p>
        We may update these terms; we will post the new version here. See also the{' '}
        <Link to="/user-agreement">User Agreement</Link>.
      </p>
    </article>
  );
}
