/** The pictures a listing request carries, through the one image pipeline (lib/images.ts). */
import { IMAGE_MAX_BYTES, LIMITS } from '#shared/constants.js';
import type { ImageStore } from '#server/images/image-store.js';
import {
  decodeBase64Image,
  keepImage,
  prepareImage,
  type PreparedImage,
} from '#server/lib/images.js';

/** base64 of the most pictures a listing may have, 10 MB each, plus the other fields. */
export const PICTURES_BODY_LIMIT = LIMITS.photos * Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * Decodes and checks every picture before any is kept, so a request with one bad picture is
 * refused and leaves nothing behind. One at a time: each decoded picture holds its pixels.
 */
export async function preparePictures(
  uploads: readonly { thumbnail: string }[],
): Promise<PreparedImage[]> {
  const bytes = uploads.map((upload) => decodeBase64Image(upload.thumbnail));
  const prepared: PreparedImage[] = [];
  for (const picture of bytes) prepared.push(await prepareImage(picture));
  return prepared;
}

/** Keeps prepared pictures; their URLs in the same order. */
export async function keepPictures(
  prepared: readonly PreparedImage[],
  store: ImageStore,
): Promise<string[]> {
  const urls: string[] = [];
  for (const picture of prepared) urls.push(await keepImage(picture, store));
  return urls;
}
