/** Delete account: DELETE /api/me with the password (docs/decisions/027-backups-metrics-and-leaving.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteAccountBody } from '#shared/schemas/accounts-data.js';
import { messageResponse } from '#shared/schemas/accounts.js';
import { ACCOUNT_DELETED_MESSAGE, DELETE_WRONG_PASSWORD } from '#shared/leaving.js';
import { conflict, forbidden } from '#server/lib/http-error.js';
import { signedIn } from '#server/plugins/guards.js';
import { endSession, endedSessions } from '#server/plugins/session.js';
import { eraseAccount, type DeliveryUnderWay } from './deletion-repository.js';
import { proveOwnPassword } from './own-password.js';
import type { SignInGuard } from './sign-in-guard.js';

const ROLE_WORDS = { buyer: 'its buyer', seller: 'its seller', courier: 'its courier' } as const;

/** `"Desk lamp" (you are its courier; Picked Up)`, for each delivery, the first three. */
export function underWayMessage(deliveries: DeliveryUnderWay[]): string {
  const named = deliveries.slice(0, 3).map((d) => {
    const roles = d.roles.map((role) => ROLE_WORDS[role]).join(' and ');
    return `"${d.title}" (you are ${roles}; ${d.delivery_status})`;
  });
  const more = deliveries.length > 3 ? ` and ${deliveries.length - 3} more` : '';
  const it = deliveries.length === 1 ? 'it' : 'them';
  return `Your account cannot be deleted while a delivery is under way: ${named.join(', ')}${more}. Finish or cancel ${it} first.`;
}

export const deletionRoutes: FastifyPluginAsyncZod<{ guard: SignInGuard }> = async (
  app,
  { guard },
) => {
  app.delete(
    '/api/me',
    { ...signedIn(), schema: { body: deleteAccountBody, response: { 200: messageResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await proveOwnPassword(app, guard, request, request.body.password, () =>
        forbidden(DELETE_WRONG_PASSWORD),
      );
      const result = await eraseAccount(app.db, row);
      if (!result.erased) throw conflict(underWayMessage(result.underWay));
      // Its open event streams end now, on every instance; its sessions are gone already.
      await endedSessions(app, row.user_id);
      await endSession(app, request, reply);
      request.log.info({ userId: row.user_id }, 'an account was deleted by its owner');
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  );
};
