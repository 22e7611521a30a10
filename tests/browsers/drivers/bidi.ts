/**
 * Phones in Firefox: one Firefox (Debian's firefox-esr) for the lane, driven over WebDriver
 * BiDi by puppeteer-core (no geckodriver), and each phone a browser context of its own (its
 * own empty storage, cookies and service workers) whose page is 390x844 CSS px. The page's
 * console errors, uncaught exceptions and the resources its service worker failed all reach
 * `errors()`.
 */
import puppeteer, {
  type Browser,
  type BrowserContext,
  type ElementHandle,
  type Page,
} from 'puppeteer-core';
import { describeTarget, locate, Phone, PHONE_SIZE, waitFor, type Target } from '../phone';

class BidiPhone extends Phone {
  readonly engine = 'Firefox';
  /** What the page reported. */
  private readonly reported: string[] = [];
  /** Addresses whose load the page itself gave up (a navigation, an element gone). */
  private readonly cancelled: string[] = [];
  private closed = false;

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {
    super();
    page.on('console', (message) => {
      if (message.type() === 'error') this.reported.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText === 'NS_BINDING_ABORTED') this.cancelled.push(request.url());
    });
    // Uncaught exceptions, and Firefox's own reports on the page (a resource its service
    // worker failed, a blocked request) arrive as page errors.
    page.on('pageerror', (error: unknown) =>
      this.reported.push(`page: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  protected run(source: string, args: unknown[]): Promise<unknown> {
    return this.page.evaluate(`(${source}).apply(null, ${JSON.stringify(args)})`);
  }

  /** The element `target` names, once it shows. */
  private async element(target: Target): Promise<ElementHandle<Element>> {
    let found: ElementHandle<Element> | null = null;
    await waitFor(
      this,
      async () => {
        const handle = await this.page.evaluateHandle(
          `(${locate.toString()})(${JSON.stringify(target)})`,
        );
        found = handle.asElement() as ElementHandle<Element> | null;
        if (!found) await handle.dispose();
        return found !== null;
      },
      describeTarget(target),
    );
    return found!;
  }

  async goto(url: string) {
    await this.page.goto(url);
  }
  async reload() {
    await this.page.reload();
  }
  async back() {
    // Not page.goBack(): a page restored from the back/forward cache fires no load to wait for.
    await this.page.evaluate(() => history.back());
  }
  async url() {
    // The document's own: puppeteer's page.url() misses a page restored from the back/forward cache.
    return this.page.evaluate(() => location.href).catch(() => this.page.url());
  }
  async click(target: Target) {
    const element = await this.element(target);
    await element.click();
    await element.dispose();
  }
  async fill(target: Target, value: string) {
    const element = await this.element(target);
    // Clears the field, then types into it key by key.
    await element.asLocator().fill(value);
    await element.dispose();
  }
  async choose(target: Target, option: { text: string } | { index: number }) {
    const element = await this.element(target);
    const value = await element.evaluate((select, wanted) => {
      const options = [...(select as HTMLSelectElement).options];
      const chosen =
        'text' in wanted
          ? options.find((o) => o.text.trim() === wanted.text)
          : options[wanted.index];
      return chosen?.value ?? null;
    }, option);
    if (value === null)
      throw new Error(`${describeTarget(target)} has no option ${JSON.stringify(option)}`);
    await element.select(value);
    await element.dispose();
  }
  async attachFile(target: Target, path: string) {
    const element = (await this.element(target)) as ElementHandle<HTMLInputElement>;
    await element.uploadFile(path);
    await element.dispose();
  }
  async pressEnter() {
    await this.page.keyboard.press('Enter');
  }
  async setViewport(width: number, height: number) {
    await this.page.setViewport({ width, height });
  }
  async screenshot(path: string) {
    await this.page.screenshot({ path });
  }
  /**
   * What the page reported, in Firefox's words but for two lines, which say something else:
   * a connection refused comes as "unreachable: <address>" (the lane knows when the server is
   * away on purpose), and a load the page itself gave up while its service worker was answering
   * it is no error at all, though Firefox words it as the worker's "unexpected error".
   */
  async errors() {
    const cancelled = [...this.cancelled];
    return this.reported.flatMap((line) => {
      const refused = /^page: Firefox can’t establish a connection to the server at (.+)\.$/.exec(
        line,
      );
      if (refused) return [`unreachable: ${refused[1]}`];
      const given =
        /^page: Failed to load ‘(.+)’\. A ServiceWorker intercepted the request and encountered an unexpected error\.$/.exec(
          line,
        );
      const at = given ? cancelled.indexOf(given[1]!) : -1;
      if (at < 0) return [line];
      cancelled.splice(at, 1);
      return [];
    });
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    await this.context.close();
  }
}

/**
 * Runs in each page before its own scripts: an Error given to console.error reaches the test in
 * words (over BiDi it would arrive as a bare handle, read too late once the page has moved on).
 */
function errorsInWords() {
  const error = console.error.bind(console);
  console.error = (...args: unknown[]) =>
    error(
      ...args.map((arg) =>
        arg instanceof Error ? `${arg.name}: ${arg.message}\n${arg.stack ?? ''}` : arg,
      ),
    );
}

export interface Firefox {
  version: string;
  /** A new phone (a fresh browser context) on `baseUrl`'s origin at phone size. */
  openPhone(baseUrl: string): Promise<Phone>;
  close(): Promise<void>;
}

/** Starts Firefox (headless) at `executablePath`. */
export async function launchFirefox(executablePath: string): Promise<Firefox> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
  });
  return {
    version: await browser.version(),
    async openPhone(baseUrl) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.evaluateOnNewDocument(errorsInWords);
      await page.setViewport({ width: PHONE_SIZE.width, height: PHONE_SIZE.height });
      const phone = new BidiPhone(context, page);
      await phone.goto(`${baseUrl}/manifest.webmanifest`);
      return phone;
    },
    close: () => browser.close(),
  };
}
