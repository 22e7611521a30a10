import type { AuditEntry } from '#shared/schemas/moderation.js';
import { relativeTime } from '#client/lib/format.js';

const ACTION_WORDS: Record<AuditEntry['action'], string> = {
  'listing.hide': 'hid listing',
  'listing.restore': 'restored listing',
  'user.suspend': 'suspended',
  'user.restore': 'restored',
  'report.dismiss': 'dismissed report on',
  'moderator.grant': 'made moderator',
  'moderator.revoke': 'removed moderator',
};

/** Who, what, target, reason, when: the latest first. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="audit-list" role="list">
      {entries.map((e) => (
        <li key={e.audit_id}>
          <strong>{e.moderator}</strong> {ACTION_WORDS[e.action]} <em>{e.target}</em>
          {e.reason && <> — “{e.reason}”</>}{' '}
          <time className="meta" dateTime={e.created_at}>
            {relativeTime(e.created_at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
