/**
 * The buyer's purchases handed over at a meeting on campus (the record of sales), which Order
 * Status lists beside the orders delivered by couriers (those are orders already).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ORDER_STATUS_REFRESH_MS } from '#shared/constants.js';
import type { Sale } from '#shared/schemas/sales.js';
import { purchasesQuery } from '#client/lib/queries/sales.js';

export interface MeetingPurchases {
  purchases: Sale[];
  /** Known, or given up on for now: the page does not wait for them any longer. */
  settled: boolean;
}

export function useMeetingPurchases(): MeetingPurchases {
  const query = useQuery({ ...purchasesQuery(), refetchInterval: ORDER_STATUS_REFRESH_MS });
  // The same list while the answer is the same (see useOrders).
  const purchases = useMemo(
    () => (query.data ?? []).filter((s) => s.how === 'meeting'),
    [query.data],
  );
  return { purchases, settled: query.data !== undefined || query.isError };
}
