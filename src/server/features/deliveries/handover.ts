/**
 * The drop-off of a delivery asked for with a code: the courier must send the buyer's code.
 * Missing or wrong: 422, nothing changes, the tries left are said. The last allowed wrong try
 * locks drop-off for 15 minutes (429 with Retry-After) and the buyer and the vendor are told,
 * live and as a notification (the one source of events, decision 026). The tries are counted as
 * a meeting's are (src/server/lib/handover-check.ts).
 */
import type { FastifyInstance } from 'fastify';
import { HANDOVER_MESSAGES } from '#shared/handover.js';
import type { DeliveryInstruction } from '#shared/schemas/deliveries.js';
import { checkHandoverTry } from '#server/lib/handover-check.js';
import { httpError } from '#server/lib/http-error.js';
import { findInstruction } from './repository.js';

/** Resolves when `code` is the delivery's; throws the 422 or 429 otherwise. */
export async function checkHandoverCode(
  app: FastifyInstance,
  delivery: DeliveryInstruction,
  code: string | undefined,
  /** Who tried the code: the courier holding the delivery. */
  courierId: number,
): Promise<void> {
  if (code === undefined) throw httpError(422, HANDOVER_MESSAGES.missing);
  await checkHandoverTry(app.db, 'handover_codes', delivery.delivery_id, code, {
    lockedMessage: HANDOVER_MESSAGES.locked,
    // Told once, by the request that set the lock; screens show it from handover_locked_until.
    onLock: async () => {
      const current = (await findInstruction(app.db, delivery.delivery_id)) ?? delivery;
      await app.notify({ type: 'handover.locked', actorId: courierId, delivery: current });
    },
  });
}
