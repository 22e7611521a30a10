import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  MODERATION_LIMITS,
  REPORTER_STANDING_LABELS,
  REPORT_REASON_LABELS,
} from '#shared/moderation.js';
import type { ReportGroup } from '#shared/schemas/moderation.js';
import { relativeTime } from '#client/lib/format.js';
import { useDismissReport, useHideListing, useSuspendUser } from './moderation-api';
import { sameAsNow, SnapshotView } from './report-snapshot';
import { Button } from '#client/components/ui/button.js';

const KIND = { listing: 'Listing', user: 'User', message: 'Message' } as const;
const REASON_NEEDED = 'Please give a reason: the person reads it.';

/** One reported thing: what it is, every report's reason and note, and the decisions. */
export function ReportGroupCard({ group }: { group: ReportGroup }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const hide = useHideListing();
  const suspend = useSuspendUser();
  const dismiss = useDismissReport();
  const busy = hide.isPending || suspend.isPending || dismiss.isPending;
  const failed = hide.error ?? suspend.error ?? dismiss.error;

  const withReason = (act: (reason: string) => void) => () => {
    const text = reason.trim();
    if (!text) {
      setProblem(REASON_NEEDED);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setProblem('');
    act(text);
  };
  const heading = `${KIND[group.target_type]}: ${group.summary}`;

  return (
    <li className="card report-group">
      <h3>
        {group.target_type === 'listing' && group.listing_id !== null ? (
          <Link to={`/productListing/${group.listing_id}`}>{heading}</Link>
        ) : (
          heading
        )}{' '}
        <span className="badge badge-count">
          {group.count} {group.count === 1 ? 'report' : 'reports'}
        </span>
      </h3>
      {group.owner_id !== null && group.target_type !== 'user' && (
        <p className="meta">
          {group.target_type === 'listing' ? 'Seller' : 'Sent by'}:{' '}
          <Link to={`/userProfile?id=${group.owner_id}`}>{group.owner_username}</Link>
          {group.owner_suspended && <span className="badge">suspended</span>}
        </p>
      )}
      {group.hidden && <p className="badge">hidden</p>}
      {group.current && 'title' in group.current && (
        <p>
          <span className="meta">Now:</span> <SnapshotView snapshot={group.current} when="now" />
        </p>
      )}
      {group.reasons.length > 0 && (
        <p className="meta">
          {group.reasons.map((r) => `${REPORT_REASON_LABELS[r.reason]} ×${r.count}`).join(', ')}
          {' · '}weight {group.priority}
          {group.reports.length < group.count && ` · the weightiest ${group.reports.length} shown`}
        </p>
      )}
      <ul className="report-list" role="list">
        {group.reports.map((r) => (
          <li key={r.report_id}>
            <strong>{REPORT_REASON_LABELS[r.reason]}</strong>
            {r.note && <> — “{r.note}”</>}{' '}
            <span className="meta">
              by {r.reporter} ({REPORTER_STANDING_LABELS[r.standing]}),{' '}
              <time dateTime={r.created_at}>{relativeTime(r.created_at)}</time>
            </span>{' '}
            {r.snapshot && !sameAsNow(r.snapshot, group.current) && (
              <p className="report-then">
                <span className="meta">
                  When reported{group.current ? ' (changed since)' : ''}:
                </span>{' '}
                <SnapshotView snapshot={r.snapshot} when="when reported" />
              </p>
            )}
            <Button
              variant="outline"
              disabled={busy}
              onClick={() =>
                dismiss.mutate({ id: r.report_id, status: 'dismissed', reason: reason.trim() })
              }
            >
              Dismiss<span className="visually-hidden"> the report by {r.reporter}</span>
            </Button>
          </li>
        ))}
      </ul>
      <div className="field">
        <label htmlFor={reasonId}>Reason for your decision</label>
        <input
          id={reasonId}
          value={reason}
          maxLength={MODERATION_LIMITS.reason}
          aria-invalid={problem !== '' || undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="decision-actions">
        {group.target_type === 'listing' && (
          <Button
            variant="danger"
            disabled={busy}
            onClick={
              group.hidden
                ? () => hide.mutate({ id: group.target_id, hidden: false, reason: reason.trim() })
                : withReason((text) =>
                    hide.mutate({ id: group.target_id, hidden: true, reason: text }),
                  )
            }
          >
            {group.hidden ? 'Restore listing' : 'Hide listing'}
          </Button>
        )}
        {group.owner_id !== null && (
          <Button
            variant="outline"
            disabled={busy}
            onClick={
              group.owner_suspended
                ? () =>
                    suspend.mutate({ id: group.owner_id!, suspended: false, reason: reason.trim() })
                : withReason((text) =>
                    suspend.mutate({ id: group.owner_id!, suspended: true, reason: text }),
                  )
            }
          >
            {group.owner_suspended ? 'Restore' : 'Suspend'} {group.owner_username}
          </Button>
        )}
      </div>
      {(problem || failed) && (
        <p className="form-error" role="alert">
          {problem || failed?.message}
        </p>
      )}
    </li>
  );
}
