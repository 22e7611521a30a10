import { Link, useMatches } from 'react-router';
import { Avatar } from '#client/components/ui/avatar.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { findMember } from './team';
import '#client/components/ui/info-page.css';

/** /about{slug}: the router passes the member's slug in the route handle. */
export function AboutMemberPage() {
  const matches = useMatches();
  const slug = (matches.at(-1)?.handle as { member?: string } | undefined)?.member;
  const member = findMember(slug);
  useDocumentTitle(member?.name ?? 'About');
  if (!member) {
    return (
      <div className="page">
        <h1>Team member not found</h1>
        <Link to="/aboutTeam">Meet the team</Link>
      </div>
    );
  }
  return (
    <div className="page page-narrow">
      <Link to="/aboutTeam">← Back to the team</Link>
      <article className="member card section">
        <Avatar name={member.name} className="avatar avatar-large team-avatar-large" />
        <h1>{member.name}</h1>
        <p className="team-role">{member.role}</p>
        <p>{member.bio}</p>
        <p>
          <strong>First thing I’d buy on Gator Market:</strong> {member.favorite}
        </p>
      </article>
    </div>
  );
}
