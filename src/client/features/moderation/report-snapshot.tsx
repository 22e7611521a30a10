import type { ReportSnapshot } from '#shared/schemas/moderation.js';
import { formatPrice } from '#client/lib/format.js';

/** Whether what a report saw is what the target says now (false once the target is gone). */
export function sameAsNow(then: ReportSnapshot, now: ReportSnapshot | null): boolean {
  if (now === null) return false;
  const [a, b] = [then as Record<string, unknown>, now as Record<string, unknown>];
  return Object.keys(a).every((key) => a[key] === b[key]);
}

/**
 * A reported target's content, as a report kept it or as it is now (`when` names which for the
 * picture): a listing's title, price, cover and description; a message's text; a username.
 */
export function SnapshotView({ snapshot, when }: { snapshot: ReportSnapshot; when: string }) {
  if ('title' in snapshot) {
    return (
      <span className="report-snapshot">
        {snapshot.photo && (
          <img
            src={snapshot.photo}
            alt={`Cover picture ${when}`}
            width={48}
            height={48}
            loading="lazy"
          />
        )}
        “{snapshot.title}” · {formatPrice(snapshot.price)}
        {snapshot.description && <span className="meta"> — {snapshot.description}</span>}
      </span>
    );
  }
  if ('text' in snapshot) return <span className="report-snapshot">“{snapshot.text}”</span>;
  return <span className="report-snapshot">{snapshot.username}</span>;
}
