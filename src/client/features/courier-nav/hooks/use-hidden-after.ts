import { useEffect, useState } from 'react';

/** False until `delayMs` after `ready` first became true, then true. */
export function useHiddenAfter(ready: boolean, delayMs: number): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => setHidden(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [ready, delayMs]);
  return hidden;
}
