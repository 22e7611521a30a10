// Generates every app icon from the one source image, assets/icon-source.svg.
import fs from 'node:fs';
import sharp from 'sharp';

const source = fs.readFileSync(new URL('../assets/icon-source.svg', import.meta.url));
const out = new URL('../public/icons/', import.meta.url);
fs.mkdirSync(out, { recursive: true });
fs.copyFileSync(new URL('../assets/icon-source.svg', import.meta.url), new URL('icon.svg', out));
for (const size of [192, 512]) {
  await sharp(source)
    .resize(size, size)
    .png()
    .toFile(new URL(`icon-${size}.png`, out).pathname);
}
// iOS's Home Screen icon: 180x180, opaque (iOS fills transparency with black and rounds the
// corners itself).
await sharp(source)
  .resize(180, 180)
  .flatten({ background: '#46237a' })
  .png()
  .toFile(new URL('apple-touch-icon.png', out).pathname);
// Maskable: the artwork within the central 80% safe zone, on the theme colour.
const inner = await sharp(source).resize(410, 410).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#46237a' } })
  .composite([{ input: inner, gravity: 'centre' }])
  .png()
  .toFile(new URL('maskable-512.png', out).pathname);
// The notification badge: a white silhouette on transparency (Android draws it from alpha).
await sharp(fs.readFileSync(new URL('../assets/badge-source.svg', import.meta.url)))
  .resize(96, 96)
  .png()
  .toFile(new URL('badge-96.png', out).pathname);
console.log('icons written to public/icons');
