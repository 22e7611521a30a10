import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Who an API answer is for decides whether anything may keep it. By default every `/api/`
 * answer carries `Cache-Control: no-store`: it may depend on who asks (their messages, orders,
 * e-mail), and a shared computer's browser cache or a proxy must not keep it. Routes whose
 * answer is the same for everyone say so (`sharedAnswer`) and keep their own caching; routes
 * open to everyone whose answer differs for a signed-in caller (`answerVaries`) send
 * `Vary: Cookie`, and `no-store` when the caller is signed in. A new route is private until
 * it says otherwise (tests/api/platform/authorization-matrix.test.ts checks every route).
 */
type Answer = 'shared' | 'varies';

declare module 'fastify' {
  interface FastifyContextConfig {
    answer?: Answer;
  }
}

/** Route options: the answer is the same whoever asks (search, public profiles' listings). */
export const sharedAnswer = { config: { answer: 'shared' as Answer } };
/** Route options: open to everyone, but a signed-in caller may get more (their own record). */
export const answerVaries = { config: { answer: 'varies' as Answer } };

function addVary(reply: FastifyReply, header: string) {
  const present = reply.getHeader('vary');
  const list = present === undefined ? [] : String(present).split(/\s*,\s*/);
  if (!list.some((h) => h.toLowerCase() === header.toLowerCase())) list.push(header);
  reply.header('vary', list.join(', '));
}

export function registerCacheControl(app: FastifyInstance): void {
  // A callback hook: it runs on every answer and does no asynchronous work.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/')) return done(null, payload);
    const answer = request.routeOptions.config?.answer;
    if (answer === 'shared') return done(null, payload);
    if (answer === 'varies') {
      addVary(reply, 'Cookie');
      if (!request.user) return done(null, payload);
    }
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
