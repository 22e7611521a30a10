/** Every query key, from one factory, so invalidation and persistence agree. */
import type { SearchQuery } from '#shared/schemas/listings.js';

export const queryKeys = {
  featured: () => ['listings', 'featured'] as const,
  search: (q: SearchQuery) => ['listings', 'search', q] as const,
  listing: (id: number) => ['listings', 'detail', id] as const,
  activeListings: (userId: number) => ['listings', 'active', userId] as const,
  soldCount: (userId: number) => ['listings', 'sold', userId] as const,
  vendorProducts: (userId: number) => ['products', 'vendor', userId] as const,
  favorites: (userId: number) => ['favorites', userId] as const,
  savedSearches: (userId: number) => ['saved-searches', userId] as const,
  user: (id: number) => ['users', id] as const,
  me: () => ['me'] as const,
  reviews: (vendorId: number) => ['reviews', vendorId] as const,
  messages: () => ['messages'] as const,
  listingSender: (userId: number, listingId: number) =>
    ['messages', 'listing-sender', userId, listingId] as const,
  deliveryRequests: () => ['delivery-requests'] as const,
  vendorRequests: (userId: number) => ['delivery-requests', 'vendor', userId] as const,
  listingBuyer: (userId: number, listingId: number) =>
    ['delivery-requests', 'listing-buyer', userId, listingId] as const,
  deliveries: () => ['deliveries'] as const,
  unassigned: () => ['deliveries', 'unassigned'] as const,
  courierDeliveries: (userId: number) => ['deliveries', 'courier', userId] as const,
  delivery: (id: number) => ['deliveries', 'detail', id] as const,
  courierPosition: (deliveryId: number) => ['deliveries', 'position', deliveryId] as const,
  config: () => ['config'] as const,
  blocks: () => ['blocks'] as const,
  reviewEligibility: (vendorId: number) => ['reviews', 'eligibility', vendorId] as const,
  moderationReports: () => ['moderation', 'reports'] as const,
  moderationAudit: () => ['moderation', 'audit'] as const,
  notifications: () => ['notifications'] as const,
  notificationPage: (cursor: number | null) => ['notifications', 'page', cursor] as const,
  notificationUnread: () => ['notifications', 'unread'] as const,
  notificationPreferences: () => ['notification-preferences'] as const,
  offers: () => ['offers'] as const,
  listingOffers: (listingId: number) => ['offers', 'listing', listingId] as const,
  conversationOffers: (listingId: number, otherUserId: number) =>
    ['offers', 'conversation', listingId, otherUserId] as const,
  holds: () => ['holds'] as const,
  listingHolds: (listingId: number) => ['holds', 'listing', listingId] as const,
  meetings: () => ['meetings'] as const,
  listingMeetings: (listingId: number) => ['meetings', 'listing', listingId] as const,
  /** The record of sales: the caller's purchases (and, later, sales) share this prefix. */
  sales: () => ['sales'] as const,
  purchases: () => ['sales', 'purchases'] as const,
};

/**
 * `meta` of a query of the app's frame (the header's bell), not of the screen: it is asked for
 * on every page, so its freshness says nothing of how old the orders or listings shown are.
 */
export const FRAME_QUERY = { frame: true } as const;
