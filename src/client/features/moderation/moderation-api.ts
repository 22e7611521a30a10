/** The moderator's desk: the queue, the audit trail and the decisions. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
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

export const reportQueueQuery = () =>
  queryOptions({
    queryKey: queryKeys.moderationReports(),
    queryFn: () => api<ReportGroup[]>(API.moderationReports),
    staleTime: 0,
  });

export const auditQuery = () =>
  queryOptions({
    queryKey: queryKeys.moderationAudit(),
    queryFn: () => api<AuditEntry[]>(API.moderationAudit),
    staleTime: 0,
  });

export const useReportQueue = () => useQuery(reportQueueQuery());
export const useAudit = () => useQuery(auditQuery());

/** Every decision changes the queue, the trail and what listings show. */
function useDecision<Vars>(request: (vars: Vars) => Promise<unknown>) {
  const refresh = useRefresh(['moderation'], ['listings']);
  return useMutation({ mutationFn: request, onSuccess: refresh });
}

export const useHideListing = () =>
  useDecision(({ id, ...body }: HideListingBody & { id: number }) =>
    api(API.moderationListing(id), { method: 'PUT', body }),
  );

export const useSuspendUser = () =>
  useDecision(({ id, ...body }: SuspendUserBody & { id: number }) =>
    api(API.moderationUser(id), { method: 'PUT', body }),
  );

export const useDismissReport = () =>
  useDecision(({ id, ...body }: DismissReportBody & { id: number }) =>
    api(API.moderationReport(id), { method: 'PUT', body }),
  );
