import { CATEGORIES, CONDITIONS, type Category } from '#shared/constants.js';
import {
  insertInstruction,
  insertRequest,
  insertDeliveryEvent,
} from '../features/deliveries/repository.js';
import { databaseImageStore } from '../images/database-store.js';
import {
  createListing,
  createListingImage,
  createMessage,
  createReview,
  createUser,
  DEFAULT_PASSWORD,
  makeRng,
  randomDropoff,
  randomPickup,
} from './factories.js';
import type { Db } from './schema.js';

export const DEMO_PASSWORD = DEFAULT_PASSWORD;

/**
 * Demo accounts, "First Last": the username is the first name in lower case, the e-mail
 * <username>@<campus domain>. The couriers carry deliveries and sell nothing.
 */
const DEMO_PEOPLE = [
  'Maria Lopez',
  'Jace Nguyen',
  'Priya Shah',
  'Tom Okafor',
  'Lena Fischer',
  'Kai Tanaka',
  'Sofia Rossi',
  'Omar Haddad',
  'Grace Kim',
  'Diego Alvarez',
  'Amara Diallo',
  'Ben Carter',
];
const DEMO_COURIERS = ['jace', 'tom'];

const TITLES: Record<Category, string[]> = {
  Food: [
    'Homemade banana bread',
    'Boba tea voucher pack',
    'Instant ramen box (12)',
    'Trail mix jar',
    'Granola bars (10)',
    'Cold brew concentrate',
    'Microwave popcorn set',
    'Hot sauce sampler',
    'Matcha powder tin',
  ],
  Furniture: [
    'IKEA desk lamp',
    'Folding study desk',
    'Ergonomic office chair',
    'Mini bookshelf',
    'Bean bag chair',
    'Dorm storage ottoman',
    'Floor mirror',
    'Bedside table',
    'Standing desk converter',
  ],
  Clothing: [
    'SFSU hoodie (M)',
    'Rain jacket (L)',
    'Running shoes size 9',
    'Graduation gown',
    'Denim jacket (S)',
    'Winter beanie',
    'Gator team t-shirt',
    'Wool scarf',
    'Canvas tote bag',
  ],
  Stationary: [
    'Graph paper notebooks',
    'Fountain pen set',
    'Scientific calculator',
    'Highlighter pack',
    'Sticky notes bundle',
    'Drafting compass set',
    'Planner 2026',
    'Index cards (500)',
    'Mechanical pencils',
  ],
  Books: [
    'Calculus: Early Transcendentals',
    'Intro to Psychology',
    'Organic Chemistry 9th ed.',
    'Data Structures in Java',
    'Principles of Economics',
    'The Norton Anthology',
    'Biology: Concepts',
    'Statistics for Business',
    'Spanish Grammar Guide',
  ],
  Electronics: [
    'USB-C charger 65W',
    'Wireless earbuds',
    'Mechanical keyboard',
    '27" monitor',
    'Graphing calculator TI-84',
    'Bluetooth speaker',
    'Portable SSD 1TB',
    'Webcam 1080p',
    'Noise-cancelling headphones',
  ],
  Other: [
    'Yoga mat',
    'Skateboard',
    'Desk plant (pothos)',
    'Bike lock',
    'Guitar capo',
    'Board game: Catan',
    'Camping lantern',
    'Reusable water bottle',
    'Umbrella',
  ],
};

const DESCRIPTIONS = [
  'Barely used, picked up last semester. Pick up on campus or ask for delivery.',
  'Works perfectly. Moving out, so it has to go this week.',
  'Good condition with light signs of use. Happy to answer questions.',
  'Great for dorm life. Clean, smoke-free home.',
  'Bought it for one class and never needed it again.',
];

const DAY = 24 * 60 * 60 * 1000;

/** Fills an empty database with deterministic demo data. Returns false if it had users. */
export async function seedDemoData(db: Db, opts: { domain: string }): Promise<boolean> {
  const existing = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  if (existing) return false;

  const rng = makeRng(2026);
  const images = databaseImageStore(db);
  const users = [];
  for (const name of DEMO_PEOPLE) {
    const [first_name, last_name] = name.split(' ') as [string, string];
    const username = first_name.toLowerCase();
    const is_courier = DEMO_COURIERS.includes(username) ? 1 : 0;
    users.push(
      await createUser(db, { username, first_name, last_name, is_courier, domain: opts.domain }),
    );
  }
  const ids = users.map((u) => u.user_id);
  const sellers = users.filter((u) => u.is_courier === 0).map((u) => u.user_id);
  const now = Date.now();

  const listings: { listing_id: number; vendor_id: number }[] = [];
  let variant = 0;
  for (const category of CATEGORIES) {
    for (const title of TITLES[category]) {
      const vendor_id = sellers[variant % sellers.length]!;
      const created = await createListing(db, {
        vendor_id,
        title,
        category,
        description: rng.pick(DESCRIPTIONS),
        conditions: CONDITIONS[variant % CONDITIONS.length],
        price: Math.round(rng.next() * rng.pick([20, 60, 200]) * 100) / 100 + 1,
        discount: rng.pick([0, 0, 0.1, 0.25, 15, 30, 0.5]),
        listing_date: new Date(now - rng.int(0, 45) * DAY - rng.int(0, DAY)).toISOString(),
        thumbnail: await createListingImage(images, category, variant),
      });
      listings.push({ listing_id: created.listing_id, vendor_id });
      variant++;
    }
  }

  // Reviews: each seller gets a few, so ratings vary.
  for (const vendor of sellers) {
    const authors = ids.filter((id) => id !== vendor);
    for (let i = 0; i < rng.int(1, 4); i++) {
      const author_id = authors[(vendor + i * 3) % authors.length]!;
      await createReview(db, {
        author_id,
        vendor_id: vendor,
        rating: rng.int(2, 5),
        comment: rng.pick([
          'Fast and friendly!',
          'Item as described.',
          'Great seller, would buy again.',
          'A bit late but fine.',
          'Super helpful.',
        ]),
        review_date: new Date(now - rng.int(1, 60) * DAY).toISOString(),
      });
    }
  }

  // Conversations between buyers and sellers about listings.
  for (let i = 0; i < 10; i++) {
    const listing = listings[(i * 7) % listings.length]!;
    const buyer = ids.find((id) => id !== listing.vendor_id && (id + i) % 3 === 0) ?? ids[0]!;
    if (buyer === listing.vendor_id) continue;
    const at = now - (10 - i) * 3600_000;
    await createMessage(db, {
      sender_id: buyer,
      receiver_id: listing.vendor_id,
      listing_id: listing.listing_id,
      content: 'Hi! Is this still available?',
      created_at: new Date(at).toISOString(),
    });
    await createMessage(db, {
      sender_id: listing.vendor_id,
      receiver_id: buyer,
      listing_id: listing.listing_id,
      content: 'Yes it is. I can hand it over at the Library or you can ask for delivery.',
      created_at: new Date(at + 600_000).toISOString(),
    });
  }

  // Deliveries in every status. maria (0) buys; couriers are jace (1) and tom (3).
  const maria = ids[0]!;
  const couriers = [ids[1]!, ids[3]!];
  const plan = [
    { request: 'Pending' },
    { request: 'Pending' },
    { request: 'Denied' },
    { request: 'Approved', delivery: 'Unassigned' },
    { request: 'Approved', delivery: 'Unassigned' },
    { request: 'Approved', delivery: 'Assigned', courier: couriers[0] },
    { request: 'Approved', delivery: 'Picked Up', courier: couriers[0] },
    { request: 'Approved', delivery: 'Delivered', courier: couriers[1] },
  ] as const;
  const forSale = listings.filter((l) => l.vendor_id !== maria);
  for (const [i, step] of plan.entries()) {
    const listing = forSale[i * 5]!;
    const dropoff = randomDropoff(rng);
    const buyer_special_request = i % 2 === 0 ? 'Please text me when you are close.' : '';
    const requestId = await insertRequest(db, {
      buyer_id: maria,
      vendor_id: listing.vendor_id,
      listing_id: listing.listing_id,
      dropoff,
      buyer_special_request,
      status: step.request,
      created_at: new Date(now - (plan.length - i) * 3600_000).toISOString(),
    });
    if (!('delivery' in step)) continue;
    const product = await db
      .selectFrom('listings')
      .select('product_id')
      .where('listing_id', '=', listing.listing_id)
      .executeTakeFirstOrThrow();
    const courier = 'courier' in step ? step.courier : null;
    const deliveryId = await insertInstruction(db, {
      delivery_request_id: requestId,
      pickup: randomPickup(rng),
      dropoff,
      seller_special_request: 'Ask for the item at the counter.',
      buyer_special_request,
      buyer_id: maria,
      vendor_id: listing.vendor_id,
      product_id: product.product_id,
      listing_id: listing.listing_id,
      courier_id: courier,
      delivery_status: step.delivery,
    });
    if (courier) {
      await insertDeliveryEvent(db, {
        delivery_id: deliveryId,
        delivery_status: step.delivery,
        courier_id: courier,
        actor_id: courier,
        device_at: null,
      });
    }
  }
  return true;
}
