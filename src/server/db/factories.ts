/**
 * Data factories shared by the demo seed, the tests and the benchmarks, so all three describe
 * the same kind of data. Every factory inserts through the feature repositories.
 */
import {
  CATEGORIES,
  CONDITIONS,
  type Availability,
  type Category,
  type Condition,
  type ListingStatus,
} from '#shared/constants.js';
import { dropoffLocations, pickupLocations } from '#shared/locations.js';
import { hashPassword } from '../features/accounts/password.js';
import { insertUser, type NewUser } from '../features/accounts/repository.js';
import { insertListing, insertProduct } from '../features/listings/repository.js';
import { insertMessage } from '../features/messages/repository.js';
import { insertReview } from '../features/reviews/repository.js';
import type { ImageStore } from '../images/image-store.js';
import { loadSharp, storeImage } from '../lib/images.js';
import type { Db } from './schema.js';

/** Small deterministic PRNG (mulberry32), so the demo data is the same on every machine. */
export function makeRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Rng = ReturnType<typeof makeRng>;

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

const passwordHashes = new Map<string, Promise<string>>();
/** Hashing is deliberately slow; factories hash each distinct password once. */
export function cachedPasswordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

export const DEFAULT_PASSWORD = 'campus-demo-1';

export async function createUser(
  db: Db,
  overrides: Partial<Omit<NewUser, 'password_hash'>> & { password?: string; domain?: string } = {},
) {
  const { password = DEFAULT_PASSWORD, domain = 'sfsu.edu', ...rest } = overrides;
  const username = rest.username ?? `user_${unique()}`;
  return insertUser(db, {
    username,
    first_name: rest.first_name ?? 'Test',
    last_name: rest.last_name ?? 'Student',
    sfsu_email: rest.sfsu_email ?? `${username.toLowerCase()}@${domain}`,
    password_hash: await cachedPasswordHash(password),
    is_courier: rest.is_courier ?? 0,
    // Made by hand, not through sign-up: demo and test people have a confirmed address unless
    // a test says otherwise.
    email_verified: rest.email_verified ?? 1,
  });
}

const HUES: Record<Category, number> = {
  Food: 20,
  Furniture: 35,
  Clothing: 320,
  Stationary: 200,
  Books: 260,
  Electronics: 180,
  Other: 120,
};

/** A generated picture for a listing: shapes only, so no font or download is needed. */
export async function listingArt(category: Category, variant: number): Promise<Buffer> {
  const hue = (HUES[category] + variant * 23) % 360;
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = ((variant * 37 + i * 71) % 560) + 20;
    const y = ((variant * 53 + i * 97) % 420) + 20;
    const r = 30 + ((variant + i * 13) % 60);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + i * 30) % 360},70%,${55 + (i % 3) * 10}%)" fill-opacity="0.7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue},60%,85%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},55%,65%)"/>
</linearGradient></defs><rect width="640" height="480" fill="url(#g)"/>${shapes}
<rect x="220" y="150" width="200" height="180" rx="24" fill="hsl(${hue},45%,30%)" fill-opacity="0.85"/></svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface ListingOptions {
  vendor_id: number;
  title?: string;
  description?: string;
  category?: Category;
  conditions?: Condition;
  price?: number;
  discount?: number;
  listing_date?: string;
  listing_status?: ListingStatus;
  availability?: Availability;
  thumbnail?: string | null;
}

export async function createListing(db: Db, o: ListingOptions) {
  const product = await insertProduct(db, {
    vendor_id: o.vendor_id,
    title: o.title ?? `Item ${unique()}`,
    description: o.description ?? 'A useful thing for campus life.',
    category: o.category ?? 'Other',
    thumbnail: o.thumbnail ?? null,
  });
  const listing = await insertListing(db, {
    product_id: product.product_id,
    vendor_id: o.vendor_id,
    price: o.price ?? 10,
    conditions: o.conditions ?? CONDITIONS[0],
    discount: o.discount ?? 0,
    ...(o.listing_date && { listing_date: o.listing_date }),
    ...(o.listing_status && { listing_status: o.listing_status }),
    ...(o.availability && { availability: o.availability }),
  });
  return { listing_id: listing.listing_id, product_id: product.product_id };
}

export async function createListingImage(store: ImageStore, category: Category, variant: number) {
  return storeImage(await listingArt(category, variant), store);
}

export const createMessage = insertMessage;
export const createReview = insertReview;

export const randomCategory = (rng: Rng) => rng.pick(CATEGORIES);
export const randomPickup = (rng: Rng) => rng.pick(pickupLocations());
export const randomDropoff = (rng: Rng) => rng.pick(dropoffLocations());
