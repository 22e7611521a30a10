/** Helpers for the storefront journeys: people in their own browsers, a real PNG, dialogs. */
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, expect } from './fixtures';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
} as const;

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

export interface Person {
  page: Page;
  context: BrowserContext;
}

/** A browser of its own whose console errors count against the test. */
export async function openBrowser(
  browser: Browser,
  baseURL: string,
  consoleErrors: string[],
  phone = false,
): Promise<Person> {
  const context = await browser.newContext({ baseURL, ...(phone ? PHONE : {}) });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, context };
}

/** Signs in through the login form, as a person would. */
export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(demoEmail(username));
  await page.getByLabel('Password').fill(password);
  const alert = nextDialog(page);
  await page.getByRole('button', { name: 'Login' }).click();
  expect(await alert).toBe('Logged in!');
  await expect(page).not.toHaveURL(/\/login/);
}

/** Accepts the next alert or confirm and reports its text. */
export function nextDialog(page: Page, accept = true): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

/**
 * Takes one expected line off the console errors: Chromium logs every 4xx response as an
 * error even when the app handles it as designed (e.g. the 404 of an unknown listing).
 */
export async function expectConsoleError(errors: string[], pattern: RegExp) {
  await expect.poll(() => errors.some((e) => pattern.test(e))).toBe(true);
  errors.splice(
    errors.findIndex((e) => pattern.test(e)),
    1,
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG (a purple and gold gradient) made in memory. */
export function makePng(width = 64, height = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = x / width;
      row[1 + x * 3] = Math.round(0x46 + (0xff - 0x46) * t);
      row[2 + x * 3] = Math.round(0x23 + (0xc7 - 0x23) * t);
      row[3 + x * 3] = Math.round(0x7a + (0x2c - 0x7a) * (y / height));
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
