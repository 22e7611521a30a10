import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import * as listingPaths from '#shared/api-paths/listings.js';
import type {
  CreateListingBody,
  CreateListingResponse,
  Product,
  RelistBody,
} from '#shared/schemas/listings.js';
import { api, ApiError } from '#client/lib/api.js';
import { queryKeys } from '#client/lib/query-keys.js';
import { postJsonWithProgress } from '#client/lib/upload.js';
import { postCreate } from '#client/lib/idempotency-key.js';

/** "Error creating listing: {message}", the server's message or the product's default. */
export function creationError(error: unknown): string {
  const message =
    error instanceof ApiError && error.fromServer && error.message
      ? error.message
      : 'Failed to create listing';
  return `Error creating listing: ${message}`;
}

/** `key`: the Idempotency-Key, the same for every try of this listing (the server keeps one). */
export function createListing(
  body: CreateListingBody,
  onProgress: (fraction: number) => void,
  key: string,
): Promise<CreateListingResponse> {
  return postJsonWithProgress<CreateListingResponse>(
    listingPaths.createListing,
    body,
    onProgress,
    key,
  );
}

export function relistProduct(body: RelistBody, key: string): Promise<CreateListingResponse> {
  return postCreate<CreateListingResponse>(listingPaths.relist, body, key);
}

/** A new product's listing, its upload's progress reported to `onProgress`. */
export function useCreateListing() {
  return useMutation({
    mutationFn: ({
      body,
      key,
      onProgress,
    }: {
      body: CreateListingBody;
      key: string;
      onProgress: (fraction: number) => void;
    }) => createListing(body, onProgress, key),
  });
}

/** One of the vendor's products listed again. */
export function useRelistProduct() {
  return useMutation({
    mutationFn: ({ body, key }: { body: RelistBody; key: string }) => relistProduct(body, key),
  });
}

export const vendorProductsQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.vendorProducts(userId),
    queryFn: () => api<Product[]>(listingPaths.vendorProducts(userId)),
  });

export function useVendorProducts(userId: number) {
  return useQuery(vendorProductsQuery(userId));
}
