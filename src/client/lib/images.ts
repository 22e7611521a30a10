/**
 * Uploaded images are stored in two sizes: `<name>.webp` (960 px) and `<name>-sm.webp` (480 px,
 * for cards). Anything else (data URLs, external URLs) is used as it is.
 */
export function cardImage(url: string | null | undefined): string | null {
  if (!url) return null;
  return /^\/uploads\/[^/]+\.webp$/.test(url) && !url.endsWith('-sm.webp')
    ? url.replace(/\.webp$/, '-sm.webp')
    : url;
}
