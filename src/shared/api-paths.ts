/** Every API path, written once. Functions build paths with parameters. */
export const API = {
  login: '/api/login',
  register: '/api/register',
  logout: '/api/logout',
  me: '/api/me',
  /** GET: the signed-in person's data as a JSON download; DELETE /api/me deletes the account. */
  exportData: '/api/me/export',
  user: (id: number) => `/api/user/${id}`,
  verifyEmail: '/api/verify-email',
  resendVerification: '/api/verify-email/resend',
  passwordReset: '/api/password-reset',
  passwordResetConfirm: '/api/password-reset/confirm',
  password: '/api/password',

  all: '/api/all',
  category: '/api/category',
  title: '/api/title',
  combined: '/api/combined',
  search: '/api/search',
  featured: '/api/listing/featured',

  listing: (id: number) => `/api/listing/${id}`,
  createListing: '/api/listing',
  relist: '/api/listing/existing',
  vendorProducts: (userId: number) => `/api/product/vendor/${userId}`,
  soldCount: (userId: number) => `/api/listing/vendor/sold/${userId}`,
  activeListings: (userId: number) => `/api/listing/active/${userId}`,

  messages: '/api/direct_message',
  userMessages: (userId: number) => `/api/direct_message/${userId}`,
  listingSender: '/api/direct_message/listing-sender/get',
  markRead: '/api/direct_message/read',

  reviews: (vendorId: number) => `/api/review/${vendorId}`,
  createReview: '/api/review',
  reviewEligibility: (vendorId: number) => `/api/review/eligibility/${vendorId}`,

  reports: '/api/reports',
  blocks: '/api/blocks',
  block: (userId: number) => `/api/blocks/${userId}`,
  moderationReports: '/api/moderation/reports',
  moderationReport: (id: number) => `/api/moderation/reports/${id}`,
  moderationAudit: '/api/moderation/audit',
  moderationListing: (id: number) => `/api/moderation/listings/${id}`,
  moderationUser: (id: number) => `/api/moderation/users/${id}`,

  deliveryRequests: '/api/delivery_request',
  vendorDeliveryRequests: (userId: number) => `/api/delivery_request/vendor/${userId}`,
  listingBuyer: '/api/delivery_request/listing-buyer',
  deliveryRequest: (id: number) => `/api/delivery_request/${id}`,
  acceptRequest: (id: number) => `/api/delivery_instruction/request/accept/${id}`,

  deliveries: '/api/delivery_instruction',
  unassigned: '/api/delivery_instruction/courier/unassigned',
  courierDeliveries: (userId: number) => `/api/delivery_instruction/courier/${userId}`,
  delivery: (id: number) => `/api/delivery_instruction/${id}`,
  deliveryPosition: (id: number) => `/api/delivery_instruction/${id}/position`,
  events: '/api/events',

  health: '/api/health',
  config: '/api/config',
} as const;
