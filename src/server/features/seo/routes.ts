/** GET /robots.txt, /sitemap.xml and /sitemaps/{file}: what search engines should see. */
import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '#server/plugins/errors.js';
import { robotsTxt } from './robots.js';
import { createSitemaps, SITEMAP_FILES_PATH, SITEMAP_PATH } from './sitemap.js';

/** Crawlers come back now and then; an hour's copy is fresh enough for them and for proxies. */
const CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

export const seoRoutes: FastifyPluginAsync<{
  readEpoch: () => Promise<number>;
  /** Addresses per sitemap file (tests make it small; at most 50,000). */
  urlsPerFile?: number;
}> = async (app, { readEpoch, urlsPerFile }) => {
  const { publicUrl } = app.config;
  const robots = robotsTxt(publicUrl);
  const sitemaps = createSitemaps({ db: app.db, readEpoch, publicUrl, urlsPerFile });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robots),
  );
  app.get(SITEMAP_PATH, async (_request, reply) =>
    reply
      .type(XML)
      .header('cache-control', 'no-cache')
      .send(await sitemaps.index()),
  );
  app.get<{ Params: { file: string } }>(`${SITEMAP_FILES_PATH}/:file`, async (request, reply) => {
    const xml = await sitemaps.file(request.params.file);
    if (xml === null) return sendError(reply, 404, `No such sitemap: ${request.params.file}`);
    return reply.type(XML).header('cache-control', 'no-cache').send(xml);
  });
};
