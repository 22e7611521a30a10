import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is on screen or within `margin` of it, and from then on: a part that
 * is costly to start (a map: Leaflet's code, its tiles, its layout) starts when the person
 * scrolls to it, not with the page. Where the browser cannot tell (no IntersectionObserver),
 * at once.
 */
export function useNearView<T extends Element>(margin = '100px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [near, ref] as const;
}
