/** API paths: Sales (offers, holds, the record of sales). */

export const offers = '/api/offers';
export const offer = (offerId: number) => `/api/offers/${offerId}`;
export const listingOffers = (listingId: number) => `/api/offers?listing_id=${listingId}`;
export const conversationOffers = (listingId: number, otherUserId: number) =>
  `/api/offers/conversation?listing_id=${listingId}&other_user_id=${otherUserId}`;
export const holds = '/api/holds';
export const hold = (holdId: number) => `/api/holds/${holdId}`;
export const mySales = '/api/sales';
export const myPurchases = '/api/purchases';
export const meetings = '/api/meetings';
export const meeting = (meetingId: number) => `/api/meetings/${meetingId}`;
export const listingMeetings = (listingId: number) => `/api/meetings?listing_id=${listingId}`;
