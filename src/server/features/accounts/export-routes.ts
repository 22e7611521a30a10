/**
 * Download my data: GET /api/me/export answers the person's data as a JSON file
 * (docs/decisions/027-backups-metrics-and-leaving.md). The answer is checked against the shared
 * schema, so only what it lists can leave.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_EXPORT_FORMAT, EXPORTS_PER_HOUR, accountExportFileName } from '#shared/leaving.js';
import { accountExport, type AccountExport } from '#shared/schemas/accounts-data.js';
import { nowIso } from '#server/lib/time.js';
import { asCaller, signedIn } from '#server/plugins/guards.js';
import { EXPORT_PARTS } from './export-repository.js';
import { reserveTry } from './throttle.js';

const HOUR_MS = 60 * 60 * 1000;

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;

  app.get(
    '/api/me/export',
    { ...signedIn(), schema: { response: { 200: accountExport } } },
    asCaller(async (user, request, reply) => {
      reply.header('cache-control', 'no-store');
      // Each download reads everything the person has: a few an hour is plenty.
      await reserveTry(app, `export:acct:${user.user_id}`, EXPORTS_PER_HOUR, HOUR_MS);
      const parts: Partial<AccountExport> = {};
      for (const [name, read] of Object.entries(EXPORT_PARTS)) {
        Object.assign(parts, { [name]: await read(app.db, user.user_id, { publicUrl }) });
      }
      const data = parts as Omit<AccountExport, 'format' | 'exported_at'>;
      const exportedAt = nowIso();
      reply
        .header(
          'content-disposition',
          `attachment; filename="${accountExportFileName(data.profile.username, exportedAt)}"`,
        )
        .header('x-content-type-options', 'nosniff');
      return { format: ACCOUNT_EXPORT_FORMAT, exported_at: exportedAt, ...data };
    }),
  );
};
