/**
 * A listing's pictures belong to its product, as its title and description do: the cover is
 * products.thumbnail (what cards, search and older clients read), the others are
 * product_photos from position 1 (docs/api.md, "Search and listings").
 */
import type { Db } from '#server/db/schema.js';

/** Every picture of the listing's product, cover first. */
export async function photosOf(db: Db, productId: number, cover: string | null) {
  const rows = await db
    .selectFrom('product_photos')
    .select('url')
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
  const more = rows.map((row) => row.url);
  return cover === null ? more : [cover, ...more];
}

/** Puts the product's pictures in this order, the first as its cover. */
export async function setPhotos(db: Db, productId: number, urls: readonly string[]) {
  await db
    .updateTable('products')
    .set({ thumbnail: urls[0] ?? null })
    .where('product_id', '=', productId)
    .execute();
  await db.deleteFrom('product_photos').where('product_id', '=', productId).execute();
  if (urls.length > 1) {
    await db
      .insertInto('product_photos')
      .values(
        urls.slice(1).map((url, index) => ({ product_id: productId, position: index + 1, url })),
      )
      .execute();
  }
}
