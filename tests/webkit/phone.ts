/**
 * A phone in WebKit: a fresh MiniBrowser (its own empty storage) whose page is 390x844 CSS px,
 * driven through WebKitWebDriver by webdriverio, with the few helpers the journeys share.
 */
import { expect, inject } from 'vitest';
import { remote } from 'webdriverio';

export type Phone = WebdriverIO.Browser;

export const PHONE_SIZE = { width: 390, height: 844 } as const;
export const DEMO_PASSWORD = 'campus-demo-1';
export const demoEmail = (username: string) => `${username}@sfsu.edu`;

/** Gives the page (not the window with its toolbar) the asked size. */
export async function setViewport(phone: Phone, width: number, height: number): Promise<void> {
  const size = () =>
    phone.execute(() => [
      window.innerWidth,
      window.innerHeight,
      window.outerWidth,
      window.outerHeight,
    ]);
  const [innerWidth, innerHeight, outerWidth, outerHeight] = await size();
  if (innerWidth === width && innerHeight === height) return;
  await phone.setWindowRect(
    null,
    null,
    width + outerWidth! - innerWidth!,
    height + outerHeight! - innerHeight!,
  );
  // The window manager resizes in its own time.
  await phone.waitUntil(
    async () => {
      const [w, h] = await size();
      return w === width && h === height;
    },
    { timeout: 5_000, timeoutMsg: `the page never became ${width}x${height}` },
  );
}

export async function openPhone(baseUrl: string): Promise<Phone> {
  const { driverPort, miniBrowser } = inject('webkit');
  const phone = await remote({
    hostname: '127.0.0.1',
    port: driverPort,
    path: '/',
    // Failures reach the tests as errors; the client's own log would only repeat them.
    logLevel: 'silent',
    capabilities: {
      browserName: 'MiniBrowser',
      // WebKitGTK speaks classic WebDriver only.
      'wdio:enforceWebDriverClassic': true,
      // How WebKitWebDriver starts the browser (not in webdriverio's types).
      ...{ 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } },
    },
    waitforTimeout: 10_000,
  });
  await phone.url(`${baseUrl}/manifest.webmanifest`);
  await setViewport(phone, PHONE_SIZE.width, PHONE_SIZE.height);
  return phone;
}

/** Waits for `condition`; on a timeout, says what the page showed instead. */
export async function waitForCondition(
  phone: Phone,
  condition: () => Promise<boolean>,
  what: string,
  timeout = 10_000,
): Promise<void> {
  try {
    await phone.waitUntil(condition, { timeout });
  } catch {
    const shown = await phone.execute(() => document.body?.innerText.replace(/\s+/g, ' '));
    throw new Error(`${what} never showed on ${await phone.getUrl()}; the page showed: ${shown}`);
  }
}

/** Waits until `text` shows anywhere on the page. */
export async function waitForText(phone: Phone, text: string, timeout = 10_000): Promise<void> {
  await phone.waitUntil(
    () => phone.execute((t) => document.body?.innerText.includes(t) ?? false, text),
    { timeout, timeoutMsg: `"${text}" never showed on ${await phone.getUrl()}` },
  );
}

/**
 * The next of the app's own alerts (lib/dialogs.ts: "Logged in!" and the like): its words,
 * answered with OK, once it has gone.
 */
export async function acceptAlert(phone: Phone, timeout = 10_000): Promise<string> {
  let text = '';
  await phone.waitUntil(
    async () => {
      text = await phone.execute(
        () => document.querySelector('[role="alertdialog"] h2')?.textContent ?? '',
      );
      return text !== '';
    },
    { timeout, timeoutMsg: 'no alert showed' },
  );
  const shown = text;
  await phone.$('[role="alertdialog"] [data-answer="yes"]').click();
  await phone.waitUntil(
    () =>
      phone.execute(
        (words) => document.querySelector('[role="alertdialog"] h2')?.textContent !== words,
        shown,
      ),
    { timeout, timeoutMsg: `the alert "${shown}" did not go` },
  );
  return shown;
}

/** Signs in through the login form, as a person would. */
export async function signIn(phone: Phone, baseUrl: string, username: string): Promise<void> {
  await phone.url(`${baseUrl}/login`);
  await phone.$('input[type="email"]').setValue(demoEmail(username));
  await phone.$('input[type="password"]').setValue(DEMO_PASSWORD);
  await phone.$('button=Login').click();
  expect(await acceptAlert(phone)).toBe('Logged in!');
  await phone.waitUntil(async () => !(await phone.getUrl()).endsWith('/login'), {
    timeoutMsg: 'still on /login after signing in',
  });
}

/** Waits until the service worker is active and controls the page. */
export async function waitForServiceWorker(phone: Phone): Promise<void> {
  await phone.waitUntil(
    () => phone.execute(() => navigator.serviceWorker?.controller?.state === 'activated'),
    { timeout: 20_000, timeoutMsg: 'the service worker never took control' },
  );
}

/** The first `selector` whose text contains `text` (waits for it). */
export async function withText(
  phone: Phone,
  selector: string,
  text: string,
): Promise<WebdriverIO.Element> {
  let found: WebdriverIO.Element | null = null;
  await waitForCondition(
    phone,
    async () => {
      const ref = await phone.execute(
        (sel, t) =>
          [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.innerText.includes(t)) ??
          null,
        selector,
        text,
      );
      found = ref ? await phone.$(ref as unknown as WebdriverIO.Element).getElement() : null;
      return found !== null;
    },
    `${selector} with "${text}"`,
  );
  return found!;
}

/** The form control whose label reads exactly `text` (inside `within`, e.g. a dialog). */
export async function byLabel(
  phone: Phone,
  text: string,
  within = 'body',
): Promise<WebdriverIO.Element> {
  let found: WebdriverIO.Element | null = null;
  await waitForCondition(
    phone,
    async () => {
      const ref = await phone.execute(
        (t, w) =>
          [...document.querySelectorAll<HTMLLabelElement>(`${w} label`)].find(
            (l) => l.textContent?.trim() === t,
          )?.control ?? null,
        text,
        within,
      );
      found = ref ? await phone.$(ref as unknown as WebdriverIO.Element).getElement() : null;
      return found !== null;
    },
    `a field labelled "${text}"`,
  );
  return found!;
}
