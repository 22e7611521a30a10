import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as accountPaths from '#shared/api-paths/accounts.js';
import { accountExportFileName } from '#shared/leaving.js';
import type { AccountExport, DeleteAccountBody } from '#shared/schemas/accounts-data.js';
import type { ChangePasswordBody, MessageResponse, SessionUser } from '#shared/schemas/accounts.js';
import { api } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { updateSessionUser } from '#client/lib/session.js';

/** Become a Courier: PUT /api/user/{id} {is_courier: 1}, then the stored user follows. */
export function useBecomeCourier(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<SessionUser>(accountPaths.user(userId), { method: 'PUT', body: { is_courier: 1 } }),
    onSuccess: (user) => {
      updateSessionUser(user);
      void client.invalidateQueries({ queryKey: queryKeys.user(userId) });
    },
  });
}

/** Change password: PUT /api/password; the other devices are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api<MessageResponse>(accountPaths.password, { method: 'PUT', body, timeoutMs: 15_000 }),
  });
}

/** Delete account: DELETE /api/me with the password; the caller signs out on success. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api<MessageResponse>(accountPaths.me, { method: 'DELETE', body, timeoutMs: 15_000 }),
  });
}

/**
 * Download my data: GET /api/me/export, saved as the JSON file the server names (read through
 * the API client, so a refusal, such as the hourly limit, is shown in words).
 */
export function useDownloadData() {
  return useMutation({
    mutationFn: async () => {
      const data = await api<AccountExport>(accountPaths.exportData, { timeoutMs: 30_000 });
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = accountExportFileName(data.profile.username, data.exported_at);
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click is handled; the address can go.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
