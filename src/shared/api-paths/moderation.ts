/** API paths: Reports, blocks and the moderators' desk. */

export const reports = '/api/reports';
export const blocks = '/api/blocks';
export const block = (userId: number) => `/api/blocks/${userId}`;
export const moderationReports = '/api/moderation/reports';
export const moderationReport = (id: number) => `/api/moderation/reports/${id}`;
export const moderationAudit = '/api/moderation/audit';
export const moderationListing = (id: number) => `/api/moderation/listings/${id}`;
export const moderationUser = (id: number) => `/api/moderation/users/${id}`;
export const moderationNoShows = '/api/moderation/no-shows';
