/**
 * A phone as the journeys see it, whatever drives it: WebKit over classic WebDriver
 * (drivers/webdriver.ts) or Firefox over WebDriver BiDi (drivers/bidi.ts). A journey is written
 * once against this and runs in both lanes. Waiting is done here, the same way for both: the
 * drivers only act and read.
 */
import { expect } from 'vitest';
import { APP_READY_ATTRIBUTE } from '#shared/constants.js';

export const PHONE_SIZE = { width: 390, height: 844 } as const;
export const DEMO_PASSWORD = 'campus-demo-1';
export const demoEmail = (username: string) => `${username}@sfsu.edu`;

/**
 * An element of the page: a CSS selector, the first rendered match whose text (its DOM text,
 * spaces collapsed) reads exactly `text` or contains `has`, or the form control whose label
 * reads exactly `label`; either one `inside` another (a dialog, a card).
 */
export type Target =
  | string
  | { css: string; text?: string; has?: string; inside?: Target }
  | { label: string; inside?: Target };

/**
 * A phone's driver. It runs source in the page (`run`) and acts on elements; what the journeys
 * read of the page goes through `evaluate` and `withTarget`, built on `run` here.
 */
export abstract class Phone {
  /** The engine's name, as the tests' titles say it. */
  abstract readonly engine: string;
  /**
   * Calls the function expression `source` in the page with `args` (JSON values); a returned
   * promise is awaited.
   */
  protected abstract run(source: string, args: unknown[]): Promise<unknown>;
  abstract goto(url: string): Promise<void>;
  abstract reload(): Promise<void>;
  /** The browser's Back; resolves once it is asked, not once the page is back. */
  abstract back(): Promise<void>;
  abstract url(): Promise<string>;
  /** Clicks the target once it shows. */
  abstract click(target: Target): Promise<void>;
  /** Types `value` into the field, replacing what it held. */
  abstract fill(target: Target, value: string): Promise<void>;
  /** Picks an option of a <select> by its words or its position. */
  abstract choose(target: Target, option: { text: string } | { index: number }): Promise<void>;
  /** Gives a file input the file at `path` (on this machine), as the phone's picker would. */
  abstract attachFile(target: Target, path: string): Promise<void>;
  /** The keypad's Enter (Done, Go). */
  abstract pressEnter(): Promise<void>;
  /** Gives the page (not the window around it) this size in CSS px. */
  abstract setViewport(width: number, height: number): Promise<void>;
  abstract screenshot(path: string): Promise<void>;
  /**
   * The errors the page reported so far (console errors, uncaught exceptions, resources its
   * service worker failed; a refused connection as "unreachable: <address>"); null where the
   * protocol shows none (classic WebDriver).
   */
  abstract errors(): Promise<readonly string[] | null>;
  abstract close(): Promise<void>;

  /** Runs `fn` in the page (self-contained: it is sent as source); a returned promise is awaited. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<Awaited<R>> {
    return this.run(fn.toString(), args) as Promise<Awaited<R>>;
  }

  /** Runs `fn` in the page on the element `target` names (null when none shows). */
  withTarget<A extends unknown[], R>(
    target: Target,
    fn: (element: Element | null, ...args: A) => R,
    ...args: A
  ): Promise<Awaited<R>> {
    return this.run(
      `function (target, ...args) { return (${fn.toString()})((${locate.toString()})(target), ...args); }`,
      [target, ...args],
    ) as Promise<Awaited<R>>;
  }
}

/**
 * Runs in the page: the element `target` names, or null. Only rendered elements count (a
 * closed dialog's buttons do not), so waiting for a target is waiting for it to show.
 */
export function locate(target: Target): Element | null {
  const t = typeof target === 'string' ? { css: target } : target;
  const root = t.inside === undefined ? document : locate(t.inside);
  if (!root) return null;
  if ('label' in t) {
    for (const label of root.querySelectorAll<HTMLLabelElement>('label')) {
      const control = label.control;
      if (label.textContent?.trim() === t.label && control && control.getClientRects().length)
        return control;
    }
    return null;
  }
  for (const element of root.querySelectorAll<HTMLElement>(t.css)) {
    if (element.getClientRects().length === 0) continue;
    const words = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (t.text !== undefined && words !== t.text) continue;
    if (t.has !== undefined && !words.includes(t.has)) continue;
    return element;
  }
  return null;
}

export function describeTarget(target: Target): string {
  if (typeof target === 'string') return target;
  const inside = target.inside === undefined ? '' : ` in ${describeTarget(target.inside)}`;
  if ('label' in target) return `the field labelled "${target.label}"${inside}`;
  if (target.text !== undefined) return `${target.css} reading "${target.text}"${inside}`;
  if (target.has !== undefined) return `${target.css} with "${target.has}"${inside}`;
  return `${target.css}${inside}`;
}

const pageText = (phone: Phone) =>
  phone
    .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ') ?? '')
    .catch((error: unknown) => `(not readable: ${String(error)})`);

/** Waits for `condition`; on a timeout, says what the page showed instead. */
export async function waitFor(
  phone: Phone,
  condition: () => Promise<boolean>,
  what: string,
  timeout = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      if (await condition()) return;
      last = null;
    } catch (error) {
      // A page between two documents answers nothing for a moment.
      last = error;
    }
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const why = last ? ` (last: ${String(last)})` : '';
  throw new Error(
    `${what} never showed on ${await phone.url().catch(() => '?')}${why}; the page showed: ${await pageText(phone)}`,
  );
}

/** Waits until `text` shows anywhere on the page. */
export function waitForText(phone: Phone, text: string, timeout = 10_000): Promise<void> {
  return waitFor(
    phone,
    () => phone.evaluate((t) => document.body?.innerText.includes(t) ?? false, text),
    `"${text}"`,
    timeout,
  );
}

/** Waits until the target shows. */
export function waitForShown(phone: Phone, target: Target, timeout = 10_000): Promise<void> {
  return waitFor(
    phone,
    () => phone.withTarget(target, (element) => element !== null),
    describeTarget(target),
    timeout,
  );
}

/** Whether the target shows now. */
export function isShown(phone: Phone, target: Target): Promise<boolean> {
  return phone.withTarget(target, (element) => element !== null);
}

/** Waits until the target shows and can be used (not disabled). */
export function waitForEnabled(phone: Phone, target: Target, timeout = 10_000): Promise<void> {
  return waitFor(
    phone,
    () =>
      phone.withTarget(
        target,
        (element) => element !== null && !(element as HTMLButtonElement).disabled,
      ),
    `${describeTarget(target)}, enabled`,
    timeout,
  );
}

/** The text of the first element `selector` (empty when there is none). */
export function textOf(phone: Phone, selector: string): Promise<string> {
  return phone.evaluate(
    (s) => document.querySelector<HTMLElement>(s)?.innerText.trim() ?? '',
    selector,
  );
}

/** The text of the target, once it shows. */
export async function textOfTarget(phone: Phone, target: Target): Promise<string> {
  let text = '';
  await waitFor(
    phone,
    async () => {
      const found = await phone.withTarget(
        target,
        (element) => (element as HTMLElement | null)?.innerText ?? null,
      );
      text = found ?? '';
      return found !== null;
    },
    describeTarget(target),
  );
  return text;
}

/** How many elements match `selector`. */
export function count(phone: Phone, selector: string): Promise<number> {
  return phone.evaluate((s) => document.querySelectorAll(s).length, selector);
}

/** Waits until the address satisfies `test`. */
export function waitForUrl(
  phone: Phone,
  test: (url: string) => boolean,
  what: string,
  timeout = 10_000,
): Promise<void> {
  return waitFor(phone, async () => test(await phone.url()), what, timeout);
}

/**
 * The next of the app's own alerts (lib/dialogs.ts: "Logged in!" and the like): its words,
 * answered with OK, once it has gone.
 */
export async function acceptAlert(phone: Phone, timeout = 10_000): Promise<string> {
  const heading = () =>
    phone.evaluate(() => document.querySelector('[role="alertdialog"] h2')?.textContent ?? '');
  let shown = '';
  await waitFor(
    phone,
    async () => {
      shown = await heading();
      return shown !== '';
    },
    'an alert',
    timeout,
  );
  await phone.click('[role="alertdialog"] [data-answer="yes"]');
  await waitFor(phone, async () => (await heading()) !== shown, `the alert "${shown}" gone`);
  return shown;
}

/**
 * Opens an address of the app and waits until the app has taken the page over: a server-
 * rendered page shows before its code runs, and what is typed or chosen on it before then is
 * the page's, not the app's.
 */
export async function visit(phone: Phone, url: string): Promise<void> {
  await phone.goto(url);
  await waitForApp(phone);
}

/** Waits until the app has taken the page over (APP_READY_ATTRIBUTE on <html>). */
export function waitForApp(phone: Phone): Promise<void> {
  return waitFor(
    phone,
    () => phone.evaluate((a) => document.documentElement.hasAttribute(a), APP_READY_ATTRIBUTE),
    'the app taking the page over',
  );
}

/** Signs in through the login form, as a person would. */
export async function signIn(phone: Phone, baseUrl: string, username: string): Promise<void> {
  await visit(phone, `${baseUrl}/login`);
  await phone.fill('input[type="email"]', demoEmail(username));
  await phone.fill('input[type="password"]', DEMO_PASSWORD);
  await phone.click({ css: 'button', text: 'Login' });
  expect(await acceptAlert(phone)).toBe('Logged in!');
  await waitForUrl(phone, (url) => !url.endsWith('/login'), 'a page after signing in');
}

/** Waits until the service worker is active and controls the page. */
export function waitForServiceWorker(phone: Phone): Promise<void> {
  return waitFor(
    phone,
    () => phone.evaluate(() => navigator.serviceWorker?.controller?.state === 'activated'),
    'the service worker in control',
    20_000,
  );
}
