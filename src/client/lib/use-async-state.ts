import { useEffect, useState } from 'react';

/**
 * State that starts as `initial` and, once mounted, takes what `read` resolves to: something the
 * browser answers only asynchronously (push permission, storage estimate). An answer that comes
 * after the component went away is dropped.
 */
export function useAsyncState<T>(read: () => Promise<T>, initial: T) {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let live = true;
    void read().then((found) => live && setValue(found));
    return () => {
      live = false;
    };
  }, [read]);
  return [value, setValue] as const;
}
