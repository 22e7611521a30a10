import { chromium, type Browser } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from './chromium.js';

/** The system Chromium through Playwright, headless, with the shared flags. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS, headless: true });
}

/** A phone on busy campus Wi-Fi: Lighthouse's mobile network (150 ms RTT, 1.6 Mbps down). */
export const CAMPUS_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
