/** The moderators' audit trail: every decision, who made it, on what, why and when. */
import type { ModerationAction } from '#shared/moderation.js';
import type { Db } from '#server/db/schema.js';
import { insertAuditEntry } from './repository.js';

export interface AuditRecord {
  /** The moderator who decided; null when the role changed through configuration or a script. */
  moderatorId: number | null;
  /** Who acted, in words: the moderator's username, MODERATOR_EMAILS, the moderator script. */
  actor: string;
  action: ModerationAction;
  targetType: 'listing' | 'user' | 'report';
  targetId: number;
  targetLabel: string;
  reason: string;
}

export async function recordDecision(db: Db, record: AuditRecord): Promise<void> {
  await insertAuditEntry(db, {
    moderator_id: record.moderatorId,
    actor: record.actor,
    action: record.action,
    target_type: record.targetType,
    target_id: record.targetId,
    target_label: record.targetLabel,
    reason: record.reason,
  });
}
