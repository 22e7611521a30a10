import { Link } from 'react-router';
import { Avatar } from '#client/components/ui/avatar.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { TEAM } from './team';
import '#client/components/ui/info-page.css';

export function AboutTeamPage() {
  useDocumentTitle('About Us');
  return (
    <div className="page">
      <h1>About Us</h1>
      <p className="about-intro">
        Gator Market is built by five SF State students who wanted an easier, safer way to buy and
        sell on campus, with deliveries made by fellow students.
      </p>
      <ul className="team-grid" role="list">
        {TEAM.map((member) => (
          <li key={member.slug}>
            <Link to={`/about${member.slug}`} className="team-card">
              <Avatar name={member.name} className="avatar avatar-large" />
              <span className="team-name">{member.name}</span>
              <span className="team-role">{member.role}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
