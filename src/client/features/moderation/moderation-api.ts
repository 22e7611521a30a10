/** The moderator's desk: the queue, the audit trail and the decisions. */
import { queryOptions, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import * as safetyPaths from '#shared/api-paths/safety.js';
import type {
  AuditEntry,
  DismissReportBody,
  HideListingBody,
  ReportGroup,
  SuspendUserBody,
} from '#shared/schemas/moderation.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { useRefresh } from '#client/lib/use-refresh.js';

/** The desk always asks the server: another moderator may have decided a moment ago. */
const deskQuery = <T>(queryKey: QueryKey, path: string) =>
  queryOptions({ queryKey, queryFn: () => api<T>(path), staleTime: 0 });

export const reportQueueQuery = () =>
  deskQuery<ReportGroup[]>(queryKeys.moderationReports(), safetyPaths.moderationReports);
export const auditQuery = () =>
  deskQuery<AuditEntry[]>(queryKeys.moderationAudit(), safetyPaths.moderationAudit);

export const useReportQueue = () => useQuery(reportQueueQuery());
export const useAudit = () => useQuery(auditQuery());

/** A decision on one report, listing or person; each changes the queue, the trail and listings. */
function useDecision<Body>(path: (id: number) => string) {
  const refresh = useRefresh(['moderation'], ['listings']);
  return useMutation({
    mutationFn: ({ id, ...body }: Body & { id: number }) => api(path(id), { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export const useHideListing = () => useDecision<HideListingBody>(safetyPaths.moderationListing);
export const useSuspendUser = () => useDecision<SuspendUserBody>(safetyPaths.moderationUser);
export const useDismissReport = () => useDecision<DismissReportBody>(safetyPaths.moderationReport);
