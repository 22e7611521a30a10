/**
 * Where pictures are kept: one small interface, so that every instance reads the same pictures
 * and the storage behind it can change (the database today; an object store would be another
 * implementation of these three calls). docs/decisions/018-stateless-instances.md
 */
import { createHash } from 'node:crypto';

export interface NewImage {
  /** The last part of the picture's URL, e.g. `3f…9a.webp` or `3f…9a-sm.webp`. */
  name: string;
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export interface StoredImage extends NewImage {
  /** A strong validator of the bytes, quoted as `ETag` sends it. */
  etag: string;
}

export interface ImageStore {
  /** Keeps an image under its name. Names are never reused: a name already kept stays as it is. */
  put: (image: NewImage) => Promise<void>;
  get: (name: string) => Promise<StoredImage | undefined>;
  has: (name: string) => Promise<boolean>;
}

/**
 * Names of stored pictures: a content hash, and `-sm` for the card size. Also the URLs that
 * earlier versions wrote into listings (files under DATA_DIR/uploads), which keep working.
 */
export const IMAGE_NAME = /^[0-9a-f]{32}(-sm)?\.webp$/;

/** The public URL of a stored picture. */
export const imageUrl = (name: string) => `/uploads/${name}`;

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}
