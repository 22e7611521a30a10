import { z } from 'zod';
import { idParam } from './common.js';
import { listing } from './listings.js';

/** A listing someone keeps an eye on, with when they chose it. */
export const favorite = listing.extend({ favorited_at: z.string() });
export type Favorite = z.infer<typeof favorite>;

export const favoriteParams = z.strictObject({ listingId: idParam });

/** PUT and DELETE /api/favorites/{listingId}: where the listing stands now. */
export const favoriteState = z.object({ listing_id: z.number(), favorite: z.boolean() });
export type FavoriteState = z.infer<typeof favoriteState>;
