import { z } from 'zod';
import {
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  REPORTER_STANDINGS,
} from '../moderation.js';
import { choiceOf, id, idParam, numeric, optionalText } from './common.js';

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

/**
 * What a report named when it was made, kept with it (and the same for the target now): a
 * listing's title, description, price and cover picture; a message's text; a username.
 */
export const listingSnapshot = z.object({
  title: z.string(),
  description: z.string(),
  price: z.number(),
  /** The cover picture's URL, null when it had none. */
  photo: z.string().nullable(),
});
export const messageSnapshot = z.object({ text: z.string() });
export const userSnapshot = z.object({ username: z.string() });
export const reportSnapshot = z.union([listingSnapshot, messageSnapshot, userSnapshot]);
export type ReportSnapshot = z.infer<typeof reportSnapshot>;

/** One report in the queue, under its target. */
export const queuedReport = z.object({
  report_id: z.number(),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  reporter: z.string(),
  created_at: z.string(),
  /** The reporter's standing now, which weighs the report (src/shared/moderation.ts). */
  standing: z.enum(REPORTER_STANDINGS),
  /** The target as it was reported; null for reports older than snapshots. */
  snapshot: reportSnapshot.nullable(),
});

const QUEUE_CURSOR = /^(\d{1,9})~([0-9A-Za-z:. +-]{1,40})~(listing|user|message)~(\d{1,15})$/;
const BAD_CURSOR = "cursor must be one the queue gave (a group's cursor)";
const pageLimit = `limit must be 1 to ${MODERATION_LIMITS.queuePageMax}`;

/** GET /api/moderation/reports?cursor=&limit= */
export const queuePageQuery = z.strictObject({
  /** The groups after this one (a group's `cursor`), in the queue's order. */
  cursor: z
    .string({ message: BAD_CURSOR })
    .transform((text, ctx) => {
      const m = QUEUE_CURSOR.exec(text);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: BAD_CURSOR });
        return z.NEVER;
      }
      return {
        priority: Number(m[1]),
        latest_at: m[2]!,
        target_type: m[3] as (typeof REPORT_TARGETS)[number],
        target_id: Number(m[4]),
      };
    })
    .optional(),
  limit: numeric(
    z
      .number({ message: pageLimit })
      .int(pageLimit)
      .min(1, pageLimit)
      .max(MODERATION_LIMITS.queuePageMax, pageLimit),
  ).optional(),
});
export type QueuePageQuery = z.input<typeof queuePageQuery>;
export type QueuePosition = NonNullable<z.output<typeof queuePageQuery>['cursor']>;

/** A group's place in the queue, as `cursor` carries it. */
export const queueCursor = (p: QueuePosition) =>
  `${p.priority}~${p.latest_at}~${p.target_type}~${p.target_id}`;

/**
 * GET /api/moderation/reports: open reports grouped by what they name, the weightiest first
 * (`priority`), a page at a time (`cursor`, `limit`).
 */
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
  /** The weightiest `reportsPerTarget` of them; `count` counts them all. */
  reports: z.array(queuedReport),
  /** Each reason given and how many gave it, the most given first. */
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number() })),
  /** The reports' weight: severity by reporters' standing (src/shared/moderation.ts). */
  priority: z.number(),
  /** The target as it is now, to compare with the reports' snapshots; null once it is gone. */
  current: reportSnapshot.nullable(),
  /** Pass as `cursor` to read the groups after this one. */
  cursor: z.string(),
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

/**
 * GET /api/moderation/no-shows: meetings on campus one side said the other did not come to,
 * newest first (docs/sales-states.md). `absent_no_shows` counts every no-show said of the absent
 * person, so a pattern shows.
 */
export const noShowEntry = z.object({
  meeting_id: z.number(),
  listing_id: z.number(),
  title: z.string(),
  location: z.string(),
  /** The meeting's time. */
  at: z.string(),
  said_by: z.number(),
  said_by_username: z.string(),
  absent_id: z.number(),
  absent_username: z.string(),
  absent_no_shows: z.number(),
  /** When it was said. */
  said_at: z.string(),
});
export type NoShowEntry = z.infer<typeof noShowEntry>;

/** GET /api/review/eligibility/{vendorId}: may the caller review this seller now? */
export const reviewEligibility = z.object({
  can_review: z.boolean(),
  /** Why not, in words; null when they may. */
  message: z.string().nullable(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibility>;
