/** Reports and blocks: used by the listing, profile and chats. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import * as safetyPaths from '#shared/api-paths/moderation.js';
import type { BlockedUser, CreateReportBody, ReportCreated } from '#shared/schemas/moderation.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';
import { useRefresh } from '../use-refresh';

export const blocksQuery = () =>
  queryOptions({
    queryKey: queryKeys.blocks(),
    queryFn: () => api<BlockedUser[]>(safetyPaths.blocks),
  });

export function useBlocks(enabled = true) {
  return useQuery({ ...blocksQuery(), enabled });
}

export function useReport() {
  return useMutation({
    mutationFn: (body: CreateReportBody) =>
      api<ReportCreated>(safetyPaths.reports, { method: 'POST', body }),
  });
}

/** Blocking or unblocking changes the people listed and the conversations shown. */
function useBlockChange<Vars>(request: (vars: Vars) => Promise<unknown>) {
  const refresh = useRefresh(queryKeys.blocks(), queryKeys.messages());
  return useMutation({ mutationFn: request, onSuccess: refresh });
}

export const useBlock = () =>
  useBlockChange((userId: number) =>
    api<BlockedUser>(safetyPaths.blocks, { method: 'POST', body: { user_id: userId } }),
  );

export const useUnblock = () =>
  useBlockChange((userId: number) => api(safetyPaths.block(userId), { method: 'DELETE' }));
