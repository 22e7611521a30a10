import { cardImage } from '#client/lib/images.js';

interface ListingImageProps {
  src: string | null | undefined;
  alt: string;
  /** `card` uses the small stored size; `full` the display size. */
  size?: 'card' | 'full';
  width?: number;
  height?: number;
  className?: string;
  eager?: boolean;
  /** The page's main image: fetched at high priority (and preloaded by server rendering). */
  priority?: boolean;
}

/** A listing photo with reserved space (width/height), lazy loading and a placeholder. */
export function ListingImage({
  src,
  alt,
  size = 'card',
  width = size === 'card' ? 480 : 960,
  height = width,
  className,
  eager = false,
  priority = false,
}: ListingImageProps) {
  const url = size === 'card' ? cardImage(src) : src;
  const classes = `listing-image${className ? ` ${className}` : ''}`;
  if (!url) {
    return (
      <div className={`${classes} listing-image-empty`} role="img" aria-label={`No image: ${alt}`}>
        <span aria-hidden="true">No Image</span>
      </div>
    );
  }
  return (
    <img
      className={classes}
      src={url}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
