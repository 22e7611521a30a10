import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
} from '../moderation.js';
import { choiceOf, id, idParam, optionalText } from './common.js';

const targetType = choiceOf(
  REPORT_TARGETS,
  `target_type must be one of: ${REPORT_TARGETS.join(', ')}`,
);
const reason = choiceOf(REPORT_REASONS, `Reason must be one of: ${REPORT_REASONS.join(', ')}`);

/** POST /api/reports */
export const createReportBody = z.strictObject({
  target_type: targetType,
  target_id: id,
  reason,
  note: optionalText('Note', MODERATION_LIMITS.reportNote),
});
export type CreateReportBody = z.input<typeof createReportBody>;

export const reportCreated = z.object({
  report_id: z.number(),
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number(),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  message: z.string(),
});
export type ReportCreated = z.infer<typeof reportCreated>;

/** POST /api/blocks */
export const blockBody = z.strictObject({ user_id: id });
export type BlockBody = z.input<typeof blockBody>;
export const blockParams = z.strictObject({ user_id: idParam });

export const blockedUser = z.object({
  user_id: z.number(),
  username: z.string(),
  blocked_at: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUser>;

/** A moderator's reason: required when hiding or suspending, optional when restoring. */
const moderatorReason = optionalText('Reason', MODERATION_LIMITS.reason);
const onOff = (name: string) => z.boolean({ message: `${name} must be true or false` });

/**
 * A moderator's switch (`name`) with its reason, which is required when the switch is turned on
 * (`required` says who reads it) and optional when it is turned off.
 */
function switchWithReason<const Name extends string>(name: Name, required: string) {
  const shape = { [name]: onOff(name), reason: moderatorReason } as Record<Name, z.ZodBoolean> & {
    reason: typeof moderatorReason;
  };
  return z.strictObject(shape).refine((b: Record<string, unknown>) => !b[name] || b.reason !== '', {
    message: required,
    path: ['reason'],
  });
}

/** PUT /api/moderation/listings/{id} */
export const hideListingBody = switchWithReason(
  'hidden',
  'Reason is required: the seller reads it',
);
export type HideListingBody = z.input<typeof hideListingBody>;

/** PUT /api/moderation/users/{id} */
export const suspendUserBody = switchWithReason(
  'suspended',
  'Reason is required: the person reads it when signing in',
);
export type SuspendUserBody = z.input<typeof suspendUserBody>;

/** PUT /api/moderation/reports/{id}: the one change a moderator makes to a report itself. */
export const dismissReportBody = z.strictObject({
  status: choiceOf(['dismissed'], 'status must be dismissed'),
  reason: moderatorReason,
});
export type DismissReportBody = z.input<typeof dismissReportBody>;

export const moderationParams = z.strictObject({ id: idParam });

export const listingModeration = z.object({
  listing_id: z.number(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
});
export const userModeration = z.object({
  user_id: z.number(),
  username: z.string(),
  suspended: z.boolean(),
  suspended_reason: z.string().nullable(),
});

/** One report in the queue, under its target. */
export const queuedReport = z.object({
  report_id: z.number(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  reporter: z.string(),
  created_at: z.string(),
});

/** GET /api/moderation/reports: open reports grouped by what they name, most reported first. */
export const reportGroup = z.object({
  target_type: z.enum(REPORT_TARGETS),
  target_id: z.number(),
  /** What a moderator needs to judge: a listing's title, a username, a message's text. */
  summary: z.string(),
  /** The person answerable for the target: the seller, the user, the message's sender. */
  owner_id: z.number().nullable(),
  owner_username: z.string().nullable(),
  /** The listing a message or listing belongs to, for a link. */
  listing_id: z.number().nullable(),
  hidden: z.boolean(),
  owner_suspended: z.boolean(),
  count: z.number(),
  latest_at: z.string(),
  reports: z.array(queuedReport),
});
export type ReportGroup = z.infer<typeof reportGroup>;

/** GET /api/moderation/audit: who, what, target, reason, when. */
export const auditEntry = z.object({
  audit_id: z.number(),
  moderator_id: z.number().nullable(),
  /** The moderator's username, or how the role changed without one (MODERATOR_EMAILS, script). */
  moderator: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  target_type: z.string(),
  target_id: z.number(),
  target: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /api/review/eligibility/{vendorId}: may the caller review this seller now? */
export const reviewEligibility = z.object({
  can_review: z.boolean(),
  /** Why not, in words; null when they may. */
  message: z.string().nullable(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibility>;
