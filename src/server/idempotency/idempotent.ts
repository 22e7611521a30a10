/**
 * Route options that make a create safe to repeat (docs/decisions/021-lie-fi-and-idempotency-keys.md):
 * with an `Idempotency-Key` header, the first request with that key runs and its 2xx answer is
 * kept 24 hours; a repeat with the same request gets that answer (`Idempotent-Replayed: true`),
 * the same key with another request 422, and a repeat while the first still runs waits for it
 * (then 409 with `retry-after`). Without the header nothing changes. Spread after the guards:
 * `{ ...signedIn(...), ...idempotent(), schema }`, so 401/403/400 come first and claim nothing.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type {
  FastifyReply,
  FastifyRequest,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preSerializationAsyncHookHandler,
} from 'fastify';
import {
  IDEMPOTENCY_KEYS_PER_ACCOUNT,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_TTL_MS,
  IDEMPOTENT_REPLAY_HEADER,
  parseIdempotencyKey,
} from '#shared/idempotency.js';
import { badRequest, httpError } from '#server/lib/http-error.js';
import { requireUser } from '#server/plugins/session.js';
import { claimKey, deleteExpiredKeys, releaseKey, storeAnswer } from './repository.js';

/** A request running longer than this has been abandoned (its instance stopped mid-way). */
const LEASE_MS = 60_000;
/** How long a repeat waits for the first request before it answers 409. */
const WAIT_FOR_FIRST_MS = 10_000;
/** Expired keys are deleted at most this often per instance, by whichever request comes. */
const PRUNE_EVERY_MS = 10 * 60_000;

interface Held {
  userId: number;
  key: string;
}

/** The keys this instance's requests hold until their answer is stored or they fail. */
const held = new WeakMap<FastifyRequest, Held>();
let lastPrune = 0;

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('base64url');
}

async function pruneNow(request: FastifyRequest, now: number) {
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  await deleteExpiredKeys(request.server.db, now).catch((error: unknown) =>
    request.log.warn({ err: error }, 'could not delete expired idempotency keys'),
  );
}

function replay(reply: FastifyReply, statusCode: number, body: string) {
  // Sent as the object it was, so it goes through the route's serializer as the first did.
  return reply
    .code(statusCode)
    .header(IDEMPOTENT_REPLAY_HEADER, 'true')
    .send(JSON.parse(body) as unknown);
}

const claim: preHandlerAsyncHookHandler = async function (request, reply) {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return;
  const key = typeof header === 'string' ? parseIdempotencyKey(header) : null;
  if (key === null) throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
  const { user_id: userId } = requireUser(request);
  const db = request.server.db;
  const first = Date.now();
  await pruneNow(request, first);
  const print = fingerprint(request);
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const now = Date.now();
    const result = await claimKey(db, {
      userId,
      key,
      fingerprint: print,
      now,
      ttlMs: IDEMPOTENCY_TTL_MS,
      leaseMs: LEASE_MS,
      keep: IDEMPOTENCY_KEYS_PER_ACCOUNT,
    });
    if (result.kind === 'claimed') {
      held.set(request, { userId, key });
      return;
    }
    if (result.kind === 'replay')
      return replay(reply, result.answer.statusCode, result.answer.body);
    if (result.kind === 'mismatch') {
      throw httpError(422, IDEMPOTENCY_MESSAGES.reused, { code: 'idempotency_key_reused' });
    }
    if (now + pause - first > WAIT_FOR_FIRST_MS) {
      throw httpError(409, IDEMPOTENCY_MESSAGES.inProgress, {
        code: 'idempotency_in_progress',
        headers: { 'retry-after': '1' },
      });
    }
    await sleep(pause);
  }
};

/** A 2xx answer is kept before it leaves, so a repeat that follows at once finds it. */
const store: preSerializationAsyncHookHandler<unknown> = async function (request, reply, payload) {
  const holding = held.get(request);
  if (!holding || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
  held.delete(request);
  try {
    await storeAnswer(request.server.db, holding.userId, holding.key, {
      statusCode: reply.statusCode,
      body: JSON.stringify(payload),
    });
  } catch (error) {
    // The change is made: answer it. The key stays held until its lease ends, so a repeat
    // meanwhile waits rather than makes the change again.
    request.log.warn({ err: error }, 'could not keep the answer of an idempotency key');
  }
  return payload;
};

async function letGo(request: FastifyRequest) {
  const holding = held.get(request);
  if (!holding) return;
  held.delete(request);
  await releaseKey(request.server.db, holding.userId, holding.key).catch((error: unknown) =>
    request.log.warn({ err: error }, 'could not release an idempotency key'),
  );
}

/**
 * Anything else (an error, a refusal) lets go of the key before the answer leaves: a client that
 * corrects its request and sends it again at once, with the same key, must find the key free.
 */
const release: onSendAsyncHookHandler<unknown> = async function (request, _reply, payload) {
  await letGo(request);
  return payload;
};

/** A request that never sent an answer (the client went away) lets go of its key too. */
const releaseUnsent: onResponseAsyncHookHandler = async function (request) {
  await letGo(request);
};

export function idempotent() {
  return { preHandler: claim, preSerialization: store, onSend: release, onResponse: releaseUnsent };
}
