/**
 * The floor for the API benchmark: a bare Fastify server that answers each benchmarked URL
 * with the exact bytes the real server sent for it, from memory.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

const payloads = new Map<string, string>(
  Object.entries(JSON.parse(fs.readFileSync(process.env.FLOOR_PAYLOADS!, 'utf8')) as object),
);
const app = Fastify({ logger: false });
app.get('/*', (request, reply) => {
  const body = payloads.get(request.url);
  if (body === undefined) return reply.code(404).send({ message: 'not a benchmarked URL' });
  return reply.type('application/json; charset=utf-8').send(body);
});
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
