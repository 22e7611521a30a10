import { createHash } from 'node:crypto';
import type sharpFactory from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_TOO_LARGE } from '#shared/constants.js';
import { imageUrl, type ImageStore, type NewImage } from '../images/image-store.js';
import { badRequest, httpError } from './http-error.js';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Display width and the small card width; the small one is `<name>-sm.webp`. */
const SIZES = { full: 960, sm: 480 } as const;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * sharp (libvips) loads on the first image: its native code adds 12 MB to a server that may
 * serve for hours before anyone uploads a picture.
 */
let sharpModule: Promise<typeof sharpFactory> | undefined;
export const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));

/** Decodes the spec's base64 `thumbnail` (a data URL or bare base64) without trusting it. */
export function decodeBase64Image(input: string): Buffer {
  const comma = input.startsWith('data:') ? input.indexOf(',') : -1;
  const b64 = (comma >= 0 ? input.slice(comma + 1) : input).replace(/\s+/g, '');
  if (Math.floor((b64.length * 3) / 4) > IMAGE_MAX_BYTES + 3) {
    throw httpError(413, IMAGE_TOO_LARGE);
  }
  if (b64.length === 0 || b64.length % 4 === 1 || !BASE64.test(b64)) {
    throw badRequest('The image is not valid base64 data.');
  }
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw httpError(413, IMAGE_TOO_LARGE);
  return bytes;
}

/**
 * HTML/image polyglots: a real image that also parses as a web page when served or sniffed as
 * one. Re-encoding would drop the markup anyway, but such an upload is hostile: refuse it.
 */
const MARKUP = /<(?:script|html|body|iframe|svg|!doctype|\?xml)[\s>/]/i;
export function carriesMarkup(bytes: Buffer): boolean {
  return MARKUP.test(bytes.toString('latin1'));
}

/** A picture checked and re-encoded, ready to store: its URL and its two sizes. */
export interface PreparedImage {
  url: string;
  sizes: NewImage[];
}

/**
 * Checks that the bytes are an image by decoding them (never by the claimed type), refuses
 * decompression bombs, and re-encodes to WebP so metadata such as GPS position is dropped.
 * Stores nothing: a request with several pictures checks them all before keeping any.
 */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  const sharp = await loadSharp();
  const input = () =>
    sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning', animated: false });
  let format: string | undefined;
  try {
    const meta = await input().metadata();
    format = meta.format;
    if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) {
      throw badRequest('Image dimensions are too large.');
    }
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('That file is not an image we can read.');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw badRequest('Image must be JPEG, PNG, WebP, GIF or AVIF.');
  }
  if (carriesMarkup(bytes)) throw badRequest('That file is not a plain image.');
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const sizes = [
    { name: `${hash}.webp`, width: SIZES.full },
    { name: `${hash}-sm.webp`, width: SIZES.sm },
  ];
  try {
    const encoded = await Promise.all(
      sizes.map(async ({ name, width }) => {
        const { data, info } = await input()
          .rotate()
          .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer({ resolveWithObject: true });
        return {
          name,
          contentType: 'image/webp',
          bytes: data,
          width: info.width,
          height: info.height,
        };
      }),
    );
    return { url: imageUrl(sizes[0]!.name), sizes: encoded };
  } catch {
    throw badRequest('That file is not an image we can read.');
  }
}

/** Keeps a prepared picture; returns the public URL of its display size. */
export async function keepImage(image: PreparedImage, store: ImageStore): Promise<string> {
  // The card size first: a listing's URL names the display size, so once that is stored the
  // picture is whole.
  for (const size of [...image.sizes].reverse()) await store.put(size);
  return image.url;
}

/** Checks, re-encodes and stores one picture; returns the public URL of its display size. */
export async function storeImage(bytes: Buffer, store: ImageStore): Promise<string> {
  return keepImage(await prepareImage(bytes), store);
}
