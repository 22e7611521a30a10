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
  /** What the page reported, each in words once its arguments are read. */
  private readonly reported: Promise<string>[] = [];
  private closed = false;

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {
    super();
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      this.reported.push(
        Promise.all(
          message
            .args()
            .map((arg) =>
              arg
                .evaluate((value) =>
                  value instanceof Error ? `${value.name}: ${value.message}` : String(value),
                )
                .catch(() => arg.toString()),
            ),
        ).then(
          (words) => `console: ${words.join(' ') || message.text()}`,
          () => `console: ${message.text()}`,
        ),
      );
    });
    // Uncaught exceptions, and Firefox's own reports on the page (a resource its service
    // worker failed, a blocked request) arrive as page errors.
    page.on('pageerror', (error: unknown) =>
      this.reported.push(
        Promise.resolve(`page: ${error instanceof Error ? error.message : String(error)}`),
      ),
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
  errors() {
    return Promise.all(this.reported);
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    await this.context.close();
  }
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
      await page.setViewport({ width: PHONE_SIZE.width, height: PHONE_SIZE.height });
      const phone = new BidiPhone(context, page);
      await phone.goto(`${baseUrl}/manifest.webmanifest`);
      return phone;
    },
    close: () => browser.close(),
  };
}
