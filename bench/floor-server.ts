/**
 * The floor for the API benchmark: a bare Fastify server that answers each benchmarked URL
 * with the exact bytes the real server sent for it, from memory. With FLOOR_STATIC_DIR it also
 * serves that folder's files at /static/ as the app serves its built files (@fastify/static),
 * the floor of the map tile benchmark.
 */
import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const payloads = new Map<string, string>(
  process.env.FLOOR_PAYLOADS
    ? Object.entries(JSON.parse(fs.readFileSync(process.env.FLOOR_PAYLOADS, 'utf8')) as object)
    : [],
);
const app = Fastify({ logger: false });
if (process.env.FLOOR_STATIC_DIR) {
  await app.register(fastifyStatic, {
    root: process.env.FLOOR_STATIC_DIR,
    prefix: '/static/',
    cacheControl: false,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
  });
}
app.get('/*', (request, reply) => {
  const body = payloads.get(request.url);
  if (body === undefined) return reply.code(404).send({ message: 'not a benchmarked URL' });
  return reply.type('application/json; charset=utf-8').send(body);
});
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
