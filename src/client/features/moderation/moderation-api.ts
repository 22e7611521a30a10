/** The moderator's desk: the queue, the audit trail and the decisions. */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  type QueryKey,
} from '@tanstack/react-query';
import * as safetyPaths from '#shared/api-paths/moderation.js';
import { MODERATION_LIMITS } from '#shared/moderation.js';
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

export interface QueuePage {
  groups: ReportGroup[];
  /** The cursor of the page after this one; undefined on the last. */
  next?: string;
}

const QUEUE_PAGE = MODERATION_LIMITS.queuePage;

/** A page of the queue after `cursor`: one group more is asked for, to know whether one follows. */
export async function fetchQueuePage(cursor?: string, signal?: AbortSignal): Promise<QueuePage> {
  const groups = await api<ReportGroup[]>(safetyPaths.moderationReports, {
    query: { cursor, limit: QUEUE_PAGE + 1 },
    signal,
  });
  const shown = groups.slice(0, QUEUE_PAGE);
  return { groups: shown, next: groups.length > QUEUE_PAGE ? shown.at(-1)?.cursor : undefined };
}

/** The open reports, weightiest first, a page at a time ("Show more"). */
export const reportQueueQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.moderationReports(),
    queryFn: ({ pageParam, signal }) => fetchQueuePage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: QueuePage) => last.next,
    staleTime: 0,
  });
export const auditQuery = () =>
  deskQuery<AuditEntry[]>(queryKeys.moderationAudit(), safetyPaths.moderationAudit);

export const useReportQueue = () => useInfiniteQuery(reportQueueQuery());
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
