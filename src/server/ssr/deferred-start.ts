/**
 * The one inline script of a server-rendered page. The page is readable without code, so its
 * code waits until the page has loaded (its first images included): on a slow network the
 * scripts then do not share the bandwidth with what the visitor is looking at. The module list
 * travels in the element's `data-modules` (entry first), so the script text never changes and
 * the Content-Security-Policy can allow exactly it by its hash.
 */
import { createHash } from 'node:crypto';
import { APP_READY_ATTRIBUTE, EARLY_INSTALL_OFFER } from '#shared/constants.js';

/** However slowly an image loads, the page becomes interactive after this long at the latest. */
export const DEFERRED_START_MAX_WAIT_MS = 3000;

export const DEFERRED_START_SCRIPT = `(() => {
  // Until the app has taken over, a link click is the browser's: a router caught halfway
  // through hydration could swallow it.
  addEventListener('click', (event) => {
    if (document.documentElement.hasAttribute('${APP_READY_ATTRIBUTE}')) return;
    if (event.target instanceof Element && event.target.closest('a[href]')) event.stopPropagation();
  }, true);
  // The browser offers installing the app once per page, often before the code below has run.
  addEventListener('beforeinstallprompt', (event) => { window.${EARLY_INSTALL_OFFER} = event; });
  const modules = document.currentScript.dataset.modules.split(' ');
  const add = (href, i) => {
    const el = document.createElement(i ? 'link' : 'script');
    if (i) { el.rel = 'modulepreload'; el.href = href; } else { el.type = 'module'; el.src = href; }
    el.crossOrigin = '';
    document.head.append(el);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // One element per task: starting a request takes the main thread a moment each.
    modules.forEach((href, i) => (i ? setTimeout(() => add(href, i)) : add(href, i)));
  };
  if (document.readyState === 'complete') start();
  else {
    addEventListener('load', start, { once: true });
    setTimeout(start, ${DEFERRED_START_MAX_WAIT_MS});
  }
})();`;

/** The CSP source that allows the script above and no other inline script. */
export const DEFERRED_START_CSP_HASH = `'sha256-${createHash('sha256').update(DEFERRED_START_SCRIPT).digest('base64')}'`;

/** The script element that starts the given modules (the entry first) once the page has loaded. */
export function deferredStartElement(modules: string[]): string {
  return `<script data-modules="${modules.join(' ')}">${DEFERRED_START_SCRIPT}</script>`;
}
