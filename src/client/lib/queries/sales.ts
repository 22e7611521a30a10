/**
 * The record of sales as several screens read it: the signed-in buyer's purchases (Order Status
 * lists those made at a meeting on campus beside the deliveries).
 */
import { queryOptions } from '@tanstack/react-query';
import * as salesPaths from '#shared/api-paths/sales.js';
import type { Sale } from '#shared/schemas/sales.js';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/** Asked again whenever a screen opens it: a sale happens on someone else's phone. */
export const purchasesQuery = () =>
  queryOptions({
    queryKey: queryKeys.purchases(),
    queryFn: () => api<Sale[]>(salesPaths.myPurchases),
    staleTime: 0,
  });
