import { useEffect } from 'react';

const APP = 'Gator Market';

/** Each screen names itself in the tab and for screen readers. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP}` : `${APP} — campus marketplace`;
  }, [title]);
}
