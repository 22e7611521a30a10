/**
 * Bench data at scale: 10,000 users and 100,000 listings (plus reviews, messages and delivery
 * requests) built with the same factories as the demo seed (src/server/db/factories.ts), in
 * batched transactions so it takes seconds, not minutes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CATEGORIES, CONDITIONS, type Category } from '#shared/constants.js';
import { connect, type Connection } from '#server/db/connect.js';
import {
  createListing,
  createListingImage,
  createMessage,
  createReview,
  createUser,
  makeRng,
  randomDropoff,
  type Rng,
} from '#server/db/factories.js';
import { migrateToLatest } from '#server/db/migrate.js';
import { databaseImageStore } from '#server/images/database-store.js';
import { insertRequest } from '#server/features/deliveries/repository.js';

export interface BenchDataOptions {
  users: number;
  listings: number;
  messages: number;
  requests: number;
  reviews: number;
}

export const FULL_SCALE: BenchDataOptions = {
  users: 10_000,
  listings: 100_000,
  messages: 20_000,
  requests: 5_000,
  reviews: 5_000,
};

export interface BenchData {
  file: string;
  dataDir: string;
  userCount: number;
  listingCount: number;
  /** Users that sell (the first 40 % of users); the rest buy and message. */
  sellerIds: number[];
  buyerIds: number[];
  seconds: number;
}

const NOUNS: Record<Category, string[]> = {
  Food: [
    'banana bread',
    'boba voucher',
    'ramen box',
    'trail mix',
    'granola bars',
    'cold brew',
    'popcorn set',
    'hot sauce',
    'matcha tin',
    'protein bars',
    'tea sampler',
    'cookie tin',
    'snack crate',
    'coffee beans',
    'rice cooker meal kit',
    'energy drinks',
  ],
  Furniture: [
    'desk lamp',
    'study desk',
    'office chair',
    'bookshelf',
    'bean bag',
    'ottoman',
    'floor mirror',
    'bedside table',
    'standing desk',
    'futon',
    'shoe rack',
    'coat hanger',
    'floor lamp',
    'storage bins',
    'folding chair',
    'dresser',
    'rug',
  ],
  Clothing: [
    'hoodie',
    'rain jacket',
    'running shoes',
    'graduation gown',
    'denim jacket',
    'beanie',
    'team t-shirt',
    'wool scarf',
    'tote bag',
    'sneakers',
    'backpack',
    'winter coat',
    'sweatpants',
    'baseball cap',
    'sandals',
    'gloves',
  ],
  Stationary: [
    'graph notebook',
    'fountain pen',
    'scientific calculator',
    'highlighters',
    'sticky notes',
    'compass set',
    'planner',
    'index cards',
    'mechanical pencils',
    'binder',
    'whiteboard',
    'stapler',
    'pencil case',
    'sketchbook',
    'ruler set',
    'gel pens',
  ],
  Books: [
    'calculus textbook',
    'psychology reader',
    'organic chemistry',
    'data structures',
    'economics textbook',
    'norton anthology',
    'biology concepts',
    'statistics guide',
    'spanish grammar',
    'physics workbook',
    'history of art',
    'philosophy primer',
    'linear algebra',
    'sociology reader',
    'poetry collection',
    'novel set',
  ],
  Electronics: [
    'usb-c charger',
    'wireless earbuds',
    'mechanical keyboard',
    'monitor',
    'graphing calculator',
    'bluetooth speaker',
    'portable ssd',
    'webcam',
    'headphones',
    'laptop stand',
    'phone case',
    'hdmi cable',
    'power bank',
    'gaming mouse',
    'tablet',
    'smart watch',
    'desk fan',
  ],
  Other: [
    'yoga mat',
    'skateboard',
    'desk plant',
    'bike lock',
    'guitar capo',
    'board game',
    'camping lantern',
    'water bottle',
    'umbrella',
    'tennis racket',
    'frisbee',
    'dumbbells',
    'sleeping bag',
    'poster',
    'picture frame',
    'travel mug',
  ],
};
const ADJECTIVES = [
  'Barely used',
  'Vintage',
  'Compact',
  'Large',
  'Small',
  'Blue',
  'Black',
  'White',
  'Red',
  'Green',
  'Classic',
  'Premium',
  'Cheap',
  'Sturdy',
  'Lightweight',
  'Foldable',
  'Brand new',
  'Gently used',
  'Retro',
  'Modern',
  'Cozy',
  'Portable',
  'Deluxe',
  'Basic',
];
const EXTRAS = ['', '', '', ' (2 pack)', ' for dorm', ' - must go', ' with box', ' bundle'];
const DESCRIPTIONS = [
  'Barely used, picked up last semester. Pick up on campus or ask for delivery.',
  'Works perfectly. Moving out, so it has to go this week.',
  'Good condition with light signs of use. Happy to answer questions.',
  'Great for dorm life. Clean, smoke-free home.',
  'Bought it for one class and never needed it again.',
];
const FIRST = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Riley',
  'Casey',
  'Morgan',
  'Avery',
  'Quinn',
  'Jamie',
  'Drew',
  'Kim',
  'Lee',
  'Noor',
  'Ana',
  'Ravi',
  'Mei',
  'Omar',
  'Zoe',
  'Luis',
];
const LAST = [
  'Garcia',
  'Nguyen',
  'Smith',
  'Patel',
  'Kim',
  'Lopez',
  'Chen',
  'Brown',
  'Khan',
  'Silva',
  'Ito',
  'Okafor',
  'Rossi',
  'Haddad',
  'Fischer',
  'Diallo',
];

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 2_000;

function title(rng: Rng, category: Category) {
  return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS[category])}${rng.pick(EXTRAS)}`;
}

/** Runs `count` steps in transactions of BATCH steps (one transaction per batch). */
async function inBatches(
  db: Connection,
  count: number,
  step: (trx: Connection['db'], i: number) => Promise<void>,
) {
  for (let start = 0; start < count; start += BATCH) {
    await db.db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(count, start + BATCH); i++) await step(trx, i);
    });
  }
}

export async function generateData(
  file: string,
  options: BenchDataOptions = FULL_SCALE,
): Promise<BenchData> {
  const started = performance.now();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  const dataDir = path.join(path.dirname(file), 'data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const db = connect(`sqlite:${file}`);
  await migrateToLatest(db);
  const rng = makeRng(7);
  const now = Date.now();

  const userIds: number[] = [];
  await inBatches(db, options.users, async (trx, i) => {
    const user = await createUser(trx, {
      username: `bench${i}`,
      first_name: rng.pick(FIRST),
      last_name: rng.pick(LAST),
      is_courier: i % 20 === 0 ? 1 : 0,
    });
    userIds.push(user.user_id);
  });
  const sellerIds = userIds.slice(0, Math.floor(userIds.length * 0.4));
  const buyerIds = userIds.slice(sellerIds.length);

  // A few generated pictures per category, shared by the listings (as many sellers reuse one).
  const images = databaseImageStore(db.db);
  const pictures = new Map<Category, string[]>();
  for (const category of CATEGORIES) {
    pictures.set(
      category,
      await Promise.all([0, 1, 2].map((v) => createListingImage(images, category, v))),
    );
  }

  const listings: { listing_id: number; vendor_id: number; active: boolean }[] = [];
  await inBatches(db, options.listings, async (trx, i) => {
    const category = rng.pick(CATEGORIES);
    const vendor_id = rng.pick(sellerIds);
    const roll = rng.next();
    const listing_status = roll < 0.85 ? 'Active' : roll < 0.97 ? 'Sold' : 'Deleted';
    const created = await createListing(trx, {
      vendor_id,
      title: title(rng, category),
      category,
      description: rng.pick(DESCRIPTIONS),
      conditions: CONDITIONS[i % CONDITIONS.length],
      price: Math.round(rng.next() * rng.pick([20, 60, 200]) * 100) / 100 + 1,
      discount: rng.pick([0, 0, 0, 0.1, 0.25, 15, 30, 0.5]),
      listing_date: new Date(now - rng.int(0, 365) * DAY - rng.int(0, DAY)).toISOString(),
      listing_status,
      ...(listing_status !== 'Active' && { availability: 'Out of Stock' }),
      thumbnail: rng.pick(pictures.get(category)!),
    });
    listings.push({ ...created, vendor_id, active: listing_status === 'Active' });
  });
  const active = listings.filter((l) => l.active);

  // Reviews set sellers' ratings (insertReview opens its own transaction: one per review).
  for (let i = 0; i < options.reviews; i++) {
    const vendor_id = sellerIds[i % sellerIds.length]!;
    const author_id = buyerIds[(i * 7919) % buyerIds.length]!;
    await createReview(db.db, {
      author_id,
      vendor_id,
      rating: rng.int(1, 5),
      comment: 'Item as described.',
      review_date: new Date(now - rng.int(1, 300) * DAY).toISOString(),
    }).catch(() => undefined); // the same pair twice is refused by design; skip it
  }

  await inBatches(db, options.messages, async (trx, i) => {
    const listing = rng.pick(active);
    const buyer = rng.pick(buyerIds);
    const fromBuyer = i % 2 === 0;
    await createMessage(trx, {
      sender_id: fromBuyer ? buyer : listing.vendor_id,
      receiver_id: fromBuyer ? listing.vendor_id : buyer,
      listing_id: listing.listing_id,
      content: fromBuyer ? 'Hi! Is this still available?' : 'Yes, it is.',
      created_at: new Date(now - rng.int(0, 90) * DAY).toISOString(),
    });
  });

  const requested = new Set<string>();
  await inBatches(db, options.requests, async (trx, i) => {
    const listing = active[(i * 104_729) % active.length]!;
    const buyer_id = buyerIds[i % buyerIds.length]!;
    const key = `${buyer_id}:${listing.listing_id}`;
    if (requested.has(key)) return;
    requested.add(key);
    await insertRequest(trx, {
      buyer_id,
      vendor_id: listing.vendor_id,
      listing_id: listing.listing_id,
      dropoff: randomDropoff(rng),
      buyer_special_request: '',
      status: rng.pick(['Pending', 'Pending', 'Denied']),
    });
  });

  await db.sqlite!.exec('analyze; pragma wal_checkpoint(truncate);');
  await db.destroy();
  return {
    file,
    dataDir,
    userCount: userIds.length,
    listingCount: listings.length,
    sellerIds,
    buyerIds,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
