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

/** The team's page names, /about{slug}. */
export const TEAM_SLUGS = ['Maya', 'Luis', 'Nadia', 'Jace', 'Ravi'] as const;

/** The pages everyone may read besides listings, profiles and searches: the sitemap's. */
export const PUBLIC_PAGES = [
  '/',
  '/aboutTeam',
  ...TEAM_SLUGS.map((slug) => `/about${slug}`),
  '/safety',
  '/terms-of-service',
  '/user-agreement',
];
