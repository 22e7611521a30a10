/**
 * A phone in WebKit: a fresh MiniBrowser (its own empty storage) whose page is 390x844 CSS px,
 * driven through WebKitWebDriver (classic WebDriver: WebKitGTK speaks no BiDi) by webdriverio.
 * MiniBrowser's console is out of WebDriver's reach: `errors()` is null.
 */
import { remote } from 'webdriverio';
import { describeTarget, locate, Phone, PHONE_SIZE, waitFor, type Target } from '../phone';

export interface WebKitDriver {
  driverPort: number;
  miniBrowser: string;
}

const LOCATE = `return (${locate.toString()}).apply(null, arguments)`;

class WebDriverPhone extends Phone {
  readonly engine = 'WebKit';
  private closed = false;

  constructor(private readonly browser: WebdriverIO.Browser) {
    super();
  }

  protected run(source: string, args: unknown[]): Promise<unknown> {
    // Classic WebDriver awaits a promise the script returns.
    return this.browser.execute(`return (${source}).apply(null, arguments)`, ...args);
  }

  /** The element `target` names, once it shows. */
  private async element(target: Target): Promise<WebdriverIO.Element> {
    let found: WebdriverIO.Element | null = null;
    await waitFor(
      this,
      async () => {
        const ref = await this.browser.execute(LOCATE, target);
        found = ref
          ? await this.browser.$(ref as unknown as WebdriverIO.Element).getElement()
          : null;
        return found !== null;
      },
      describeTarget(target),
    );
    return found!;
  }

  async goto(url: string) {
    await this.browser.url(url);
  }
  async reload() {
    await this.browser.refresh();
  }
  async back() {
    await this.browser.back();
  }
  url() {
    return this.browser.getUrl();
  }
  /**
   * Acts on the element `target` names, found again when the page replaced it between finding
   * and acting (React re-rendering a list: "stale element reference"), as a locator does.
   */
  private async act(target: Target, action: (element: WebdriverIO.Element) => Promise<unknown>) {
    for (let attempt = 1; ; attempt++) {
      try {
        await action(await this.element(target));
        return;
      } catch (error) {
        const stale = error instanceof Error && /stale element reference/i.test(error.message);
        if (!stale || attempt >= 3) throw error;
      }
    }
  }
  async click(target: Target) {
    await this.act(target, (element) => element.click());
  }
  async fill(target: Target, value: string) {
    await this.act(target, (element) => element.setValue(value));
  }
  async choose(target: Target, option: { text: string } | { index: number }) {
    const select = await this.element(target);
    if ('text' in option) await select.selectByVisibleText(option.text);
    else await select.selectByIndex(option.index);
  }
  async attachFile(target: Target, path: string) {
    // WebKitWebDriver runs on this machine: the path is the file.
    await (await this.element(target)).setValue(path);
  }
  async pressEnter() {
    await this.browser.keys('Enter');
  }
  async setViewport(width: number, height: number) {
    const size = () =>
      this.evaluate(() => [
        window.innerWidth,
        window.innerHeight,
        window.outerWidth,
        window.outerHeight,
      ]);
    const [innerWidth, innerHeight, outerWidth, outerHeight] = await size();
    if (innerWidth === width && innerHeight === height) return;
    await this.browser.setWindowRect(
      null,
      null,
      width + outerWidth! - innerWidth!,
      height + outerHeight! - innerHeight!,
    );
    // The window manager resizes in its own time.
    await waitFor(
      this,
      async () => {
        const [w, h] = await size();
        return w === width && h === height;
      },
      `the page at ${width}x${height}`,
      5_000,
    );
  }
  async screenshot(path: string) {
    await this.browser.saveScreenshot(path);
  }
  async errors() {
    return null;
  }
  async close() {
    if (this.closed) return;
    this.closed = true;
    await this.browser.deleteSession();
  }
}

/** A new MiniBrowser through the lane's WebKitWebDriver, on `baseUrl`'s origin at phone size. */
export async function openWebKitPhone(driver: WebKitDriver, baseUrl: string): Promise<Phone> {
  const browser = await remote({
    hostname: '127.0.0.1',
    port: driver.driverPort,
    path: '/',
    // Failures reach the tests as errors; the client's own log would only repeat them.
    logLevel: 'silent',
    capabilities: {
      browserName: 'MiniBrowser',
      // WebKitGTK speaks classic WebDriver only.
      'wdio:enforceWebDriverClassic': true,
      // How WebKitWebDriver starts the browser (not in webdriverio's types).
      ...{ 'webkitgtk:browserOptions': { binary: driver.miniBrowser, args: ['--automation'] } },
    },
    waitforTimeout: 10_000,
  });
  const phone = new WebDriverPhone(browser);
  await phone.goto(`${baseUrl}/manifest.webmanifest`);
  await phone.setViewport(PHONE_SIZE.width, PHONE_SIZE.height);
  return phone;
}
