import { UNDER_WAY_DELIVERY_STATUSES, type DeliveryStatus } from '#shared/delivery.js';
import type { Db } from '#server/db/schema.js';
import { ERASE_STEPS, type Leaver } from './erase-steps.js';

export type DeliveryRole = 'buyer' | 'seller' | 'courier';

/** The people of a delivery (`delivery_instructions as d`): its buyer, seller and courier. */
export const PARTIES = ['d.buyer_id', 'd.vendor_id', 'd.courier_id'] as const;

/** The person's parts in a delivery (a courier may carry their own sale). */
export function rolesIn(
  d: { buyer_id: number; vendor_id: number; courier_id: number | null },
  userId: number,
): DeliveryRole[] {
  return [
    ...(d.buyer_id === userId ? (['buyer'] as const) : []),
    ...(d.vendor_id === userId ? (['seller'] as const) : []),
    ...(d.courier_id === userId ? (['courier'] as const) : []),
  ];
}

export interface DeliveryUnderWay {
  delivery_id: number;
  title: string;
  delivery_status: DeliveryStatus;
  roles: DeliveryRole[];
}

/** The person's deliveries that have not ended, in any role, the oldest first. */
export async function deliveriesUnderWay(db: Db, userId: number): Promise<DeliveryUnderWay[]> {
  const rows = await db
    .selectFrom('delivery_instructions as d')
    .select(['d.delivery_id', 'd.delivery_status', 'd.buyer_id', 'd.vendor_id', 'd.courier_id'])
    // The order's own title, as its screens show it.
    .select('d.agreed_title as title')
    .where('d.delivery_status', 'in', UNDER_WAY_DELIVERY_STATUSES)
    .where((eb) => eb.or(PARTIES.map((party) => eb(party, '=', userId))))
    .orderBy('d.delivery_id', 'asc')
    .execute();
  return rows.map((r) => ({
    delivery_id: r.delivery_id,
    title: r.title,
    delivery_status: r.delivery_status,
    roles: rolesIn(r, userId),
  }));
}

const UNDER_WAY = Symbol('a delivery is under way');

/**
 * Deletes the account: every erase step in one transaction, or nothing while one of the
 * person's deliveries is under way (answered with them). The check comes after the steps, as a
 * listing's delete does it: declining and withdrawing the requests waits for (or blocks) an
 * accept holding the same request, so an accept that got in first is seen here.
 */
export async function eraseAccount(
  db: Db,
  person: Leaver,
): Promise<{ erased: true } | { erased: false; underWay: DeliveryUnderWay[] }> {
  let underWay: DeliveryUnderWay[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      for (const step of ERASE_STEPS) await step.run(trx, person);
      underWay = await deliveriesUnderWay(trx, person.user_id);
      if (underWay.length > 0) throw UNDER_WAY;
    });
    return { erased: true };
  } catch (error) {
    if (error === UNDER_WAY) return { erased: false, underWay };
    throw error;
  }
}
