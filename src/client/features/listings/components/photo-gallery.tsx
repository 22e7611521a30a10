import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ListingImage } from '#client/components/ui/listing-image.js';
import { cardImage } from '#client/lib/images.js';

/** How long the track must be still before a swipe counts as settled on a photo. */
const SETTLE_MS = 120;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A listing's photos, cover first (the WAI-ARIA carousel pattern). Phones swipe the track (it
 * scrolls and snaps, no gesture code); keys move through it wherever focus is in the gallery
 * (arrows, Home, End); buttons and thumbnails do the same, and the photo shown is announced.
 * One photo, or none, is just the picture.
 */
export function PhotoGallery({ photos, title }: { photos: readonly string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [announced, setAnnounced] = useState('');
  const track = useRef<HTMLDivElement>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const count = photos.length;
  if (count <= 1) {
    return <ListingImage src={photos[0] ?? null} alt={title} size="full" priority />;
  }

  const describe = (i: number) => `Photo ${i + 1} of ${count}`;
  const show = (next: number) => {
    const i = (next + count) % count;
    setIndex(i);
    setAnnounced(describe(i));
    const el = track.current;
    el?.scrollTo?.({ left: i * el.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };
  // A swipe (or the browser's own scrolling) decides the photo once the track is still.
  const onScroll = () => {
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const el = track.current;
      if (!el || el.clientWidth === 0) return;
      const i = Math.min(count - 1, Math.max(0, Math.round(el.scrollLeft / el.clientWidth)));
      setIndex(i);
      setAnnounced(describe(i));
    }, SETTLE_MS);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    show(next);
  };

  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={`Photos of ${title}`}
      onKeyDown={onKeyDown}
    >
      <div
        ref={track}
        className="gallery-track"
        tabIndex={0}
        role="group"
        aria-label={`${describe(index)}. Swipe, or use the arrow keys, to see the others.`}
        onScroll={onScroll}
      >
        {photos.map((url, i) => (
          <div
            key={url}
            className="gallery-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={describe(i)}
            aria-hidden={i !== index || undefined}
          >
            <ListingImage
              src={url}
              alt={i === 0 ? title : `${title}, ${describe(i).toLowerCase()}`}
              size="full"
              priority={i === 0}
            />
          </div>
        ))}
      </div>
      <div className="gallery-controls">
        <button type="button" className="gallery-step" onClick={() => show(index - 1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous photo</span>
        </button>
        <span className="gallery-count" aria-hidden="true">
          {index + 1} / {count}
        </span>
        <button type="button" className="gallery-step" onClick={() => show(index + 1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Next photo</span>
        </button>
      </div>
      <ul className="gallery-thumbs" role="list">
        {photos.map((url, i) => (
          <li key={url}>
            <button
              type="button"
              aria-label={`Show ${describe(i).toLowerCase()}`}
              aria-current={i === index || undefined}
              onClick={() => show(i)}
            >
              <img src={cardImage(url) ?? url} alt="" width="56" height="56" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
    </section>
  );
}
