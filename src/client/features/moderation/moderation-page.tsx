import type { SessionUser } from '#shared/schemas/accounts.js';
import { RequireUser } from '#client/components/require-user.js';
import { Section } from '#client/components/ui/section.js';
import { ErrorNote, QueryView } from '#client/components/ui/status.js';
import { useDocumentTitle } from '#client/lib/use-document-title.js';
import { AuditList } from './audit-list';
import { useAudit, useReportQueue } from './moderation-api';
import { ReportGroupCard } from './report-group-card';
import '#client/components/safety/safety.css';
import '#client/features/moderation/moderation.css';
import { Button } from '#client/components/ui/button.js';

/** /moderation: the open reports grouped by what they name, and the audit trail. */
export function ModerationPage() {
  useDocumentTitle('Moderation');
  return <RequireUser>{(user) => <Desk user={user} />}</RequireUser>;
}

function Desk({ user }: { user: SessionUser }) {
  if (user.is_moderator !== 1) {
    return (
      <div className="page">
        <h1>Moderation</h1>
        <p>Only moderators can open this page.</p>
      </div>
    );
  }
  return <Queue />;
}

function Queue() {
  const queue = useReportQueue();
  const audit = useAudit();
  const groups = queue.data?.pages.flatMap((page) => page.groups);
  return (
    <div className="page moderation">
      <h1>Moderation</h1>
      <Section titleId="queue-title" title="Open reports">
        <p className="meta">
          The weightiest first: reasons by severity, reporters by standing (new accounts count for
          little together).
        </p>
        <QueryView query={{ ...queue, data: groups }} empty="No open reports. All clear.">
          {(shown) => (
            <>
              <ul className="report-groups" role="list">
                {shown.map((g) => (
                  <ReportGroupCard key={`${g.target_type}-${g.target_id}`} group={g} />
                ))}
              </ul>
              {queue.hasNextPage && (
                <Button
                  variant="outline"
                  disabled={queue.isFetchingNextPage}
                  onClick={() => void queue.fetchNextPage()}
                >
                  {queue.isFetchingNextPage ? 'Loading…' : 'Show more reports'}
                </Button>
              )}
              {queue.isFetchNextPageError && <ErrorNote error={queue.error} />}
            </>
          )}
        </QueryView>
      </Section>
      <Section titleId="audit-title" title="Audit trail">
        <QueryView query={audit} empty="No decisions yet.">
          {(entries) => <AuditList entries={entries} />}
        </QueryView>
      </Section>
    </div>
  );
}
