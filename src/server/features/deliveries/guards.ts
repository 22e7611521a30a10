import type { Db } from '#server/db/schema.js';
import { owns } from '#server/plugins/guards.js';
import { deliveryParties } from './repository.js';

/**
 * Route check: the delivery the path names must have the caller as its `party`, else 403 with
 * `refusal` (a delivery that does not exist is left for the handler's 404).
 */
export function deliveryParty(db: Db, party: 'buyer_id' | 'courier_id', refusal: string) {
  return owns('params', 'id', async (deliveryId, user) => {
    const delivery = await deliveryParties(db, deliveryId);
    return delivery && delivery[party] !== user.user_id ? refusal : undefined;
  });
}
