/**
 * Addresses of the app's screens that the server also names (links in notifications, push
 * messages and mails). Free of zod: the header imports it.
 */

/** `<listing_id>-<other user id>`: a conversation's key, in /chats?c= links to its thread. */
export function conversationKey(listingId: number | null, otherId: number): string {
  return `${listingId ?? 0}-${otherId}`;
}

export const SCREENS = {
  orderStatus: '/OrderStatus',
  vendorRequests: '/vendorDeliveryRequest',
  vendor: '/vendorPage',
  courier: '/CourierPage',
  notifications: '/notifications',
  notificationSettings: '/notifications/settings',
  chat: (listingId: number | null, otherId: number) =>
    `/Chats?c=${conversationKey(listingId, otherId)}`,
  publicProfile: (userId: number) => `/userProfile?id=${userId}`,
  listing: (listingId: number) => `/productListing/${listingId}`,
} as const;
