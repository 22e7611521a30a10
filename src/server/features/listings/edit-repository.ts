/** A seller's edit of a listing, and the "was $X" a lowered price leaves. */
import { PRICE_DROP_SHOWN_MS, type Category, type Condition } from '#shared/constants.js';
import type { DialectName } from '#server/db/connect.js';
import type { Db } from '#server/db/schema.js';
import { setPhotos } from './photos-repository.js';

export interface ListingEdit {
  title?: string;
  description?: string;
  category?: Category;
  price?: number;
  conditions?: Condition;
  discount?: number;
  /** Every picture in its new order, cover first (URLs of stored pictures). */
  photos?: readonly string[];
}

/** A price lowered below every price of the week before: it shows "was $X" for a week. */
export interface PriceDrop {
  was: number;
  now: number;
}

/**
 * The price "was $X" names: the lowest the listing asked in the week before a change (its
 * price now, and the price before every change of that week). Counting the whole week keeps a
 * price raised for a moment, then lowered, from looking like a bargain.
 */
async function referenceCents(db: Db, listingId: number, currentCents: number, at: Date) {
  const row = await db
    .selectFrom('listing_price_changes')
    .select((eb) => eb.fn.min<number>('old_price_cents').as('lowest'))
    .where('listing_id', '=', listingId)
    .where('changed_at', '>=', new Date(at.getTime() - PRICE_DROP_SHOWN_MS).toISOString())
    .executeTakeFirst();
  const lowest = row?.lowest == null ? currentCents : Number(row.lowest);
  return Math.min(currentCents, lowest);
}

/** Sets the new price, remembers the change, and keeps or clears "was $X". */
async function changePrice(
  db: Db,
  listingId: number,
  fromCents: number,
  toCents: number,
): Promise<PriceDrop | null> {
  const at = new Date();
  const reference = await referenceCents(db, listingId, fromCents, at);
  await db
    .insertInto('listing_price_changes')
    .values({
      listing_id: listingId,
      old_price_cents: fromCents,
      new_price_cents: toCents,
      changed_at: at.toISOString(),
    })
    .execute();
  const dropped = toCents < reference;
  await db
    .updateTable('listings')
    .set({
      price_cents: toCents,
      was_price_cents: dropped ? reference : null,
      price_dropped_at: dropped ? at.toISOString() : null,
    })
    .where('listing_id', '=', listingId)
    .execute();
  return dropped ? { was: reference / 100, now: toCents / 100 } : null;
}

/**
 * Applies the edit in one transaction. Title, description, category and pictures are the
 * product's (every listing of it shows them); price, condition and discount the listing's.
 * Search sees the new words at once: the text indexes and the search epoch follow products
 * and listings through triggers (docs/decisions/010-search-index.md). `guard` runs first, with
 * the listing's row held (a buyer's request for it waits), and refuses by throwing.
 */
export function editListing(
  db: Db,
  dialect: DialectName,
  listingId: number,
  edit: ListingEdit,
  guard: (trx: Db) => Promise<void> = async () => undefined,
): Promise<{ priceDrop: PriceDrop | null; priceChanged: boolean }> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('listings')
      .select(['product_id', 'price_cents'])
      .where('listing_id', '=', listingId)
      .$if(dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirstOrThrow();
    await guard(trx);
    const { title, description, category, price, conditions, discount, photos } = edit;
    const product = {
      ...(title !== undefined && { title }),
      ...(description !== undefined && { description }),
      ...(category !== undefined && { category }),
    };
    if (Object.keys(product).length > 0) {
      await trx
        .updateTable('products')
        .set(product)
        .where('product_id', '=', current.product_id)
        .execute();
    }
    const listing = {
      ...(conditions !== undefined && { conditions }),
      ...(discount !== undefined && { discount }),
    };
    if (Object.keys(listing).length > 0) {
      await trx.updateTable('listings').set(listing).where('listing_id', '=', listingId).execute();
    }
    let priceDrop: PriceDrop | null = null;
    const toCents = price === undefined ? undefined : Math.round(price * 100);
    const priceChanged = toCents !== undefined && toCents !== current.price_cents;
    if (priceChanged) {
      priceDrop = await changePrice(trx, listingId, current.price_cents, toCents);
    }
    if (photos !== undefined) await setPhotos(trx, current.product_id, photos);
    return { priceDrop, priceChanged };
  });
}
