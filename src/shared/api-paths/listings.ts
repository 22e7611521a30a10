/** API paths: Listings: the searches, a listing, selling, a seller's listings and reviews. */

export const all = '/api/all';
export const category = '/api/category';
export const title = '/api/title';
export const combined = '/api/combined';
export const search = '/api/search';
export const featured = '/api/listing/featured';
export const listing = (id: number) => `/api/listing/${id}`;
export const createListing = '/api/listing';
export const relist = '/api/listing/existing';
export const vendorProducts = (userId: number) => `/api/product/vendor/${userId}`;
export const soldCount = (userId: number) => `/api/listing/vendor/sold/${userId}`;
export const activeListings = (userId: number) => `/api/listing/active/${userId}`;
export const reviews = (vendorId: number) => `/api/review/${vendorId}`;
export const createReview = '/api/review';
export const reviewEligibility = (vendorId: number) => `/api/review/eligibility/${vendorId}`;
