/** API paths: what a signed-in person keeps an eye on: favourites and saved searches. */

export const favorites = '/api/favorites';
export const favorite = (listingId: number) => `/api/favorites/${listingId}`;
export const savedSearches = '/api/saved-searches';
export const savedSearch = (id: number) => `/api/saved-searches/${id}`;
