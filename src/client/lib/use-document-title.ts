import { createContext, useContext, useEffect } from 'react';
import type { PageMeta } from '#shared/page-meta.js';

export type { PageMeta };

const APP = 'Gator Market';

/** Filled while the server renders (entry-server.tsx); in the browser there is none. */
export const PageMetaContext = createContext<PageMeta | null>(null);

/** Tells the server what the page is (a no-op in the browser). */
export function usePageMeta(meta: PageMeta): void {
  const target = useContext(PageMetaContext);
  if (target) Object.assign(target, meta);
}

/** Each screen names itself in the tab and for screen readers. */
export function useDocumentTitle(title: string | null | undefined): void {
  const full = title ? `${title} · ${APP}` : `${APP} — campus marketplace`;
  usePageMeta({ title: full });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
