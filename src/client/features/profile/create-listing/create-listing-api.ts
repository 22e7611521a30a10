import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '#shared/api-paths.js';
import type {
  CreateListingBody,
  CreateListingResponse,
  Product,
  RelistBody,
} from '#shared/schemas/listings.js';
import { api, ApiError } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { postJsonWithProgress } from '#client/lib/upload.js';

/** "Error creating listing: {message}", the server's message or the product's default. */
export function creationError(error: unknown): string {
  const message =
    error instanceof ApiError && error.fromServer && error.message
      ? error.message
      : 'Failed to create listing';
  return `Error creating listing: ${message}`;
}

export function createListing(
  body: CreateListingBody,
  onProgress: (fraction: number) => void,
): Promise<CreateListingResponse> {
  return postJsonWithProgress<CreateListingResponse>(API.createListing, body, onProgress);
}

export function relistProduct(body: RelistBody): Promise<CreateListingResponse> {
  return api<CreateListingResponse>(API.relist, { method: 'POST', body });
}

export const vendorProductsQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.vendorProducts(userId),
    queryFn: () => api<Product[]>(API.vendorProducts(userId)),
  });

export function useVendorProducts(userId: number) {
  return useQuery(vendorProductsQuery(userId));
}
