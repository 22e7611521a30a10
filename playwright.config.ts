import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { findBrowsers } from './scripts/browsers.mjs';

export const chromiumPath = findBrowsers().chromium ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // Test files run side by side, each worker against its own server and database
  // (tests/e2e/app-server.ts); the tests of one file run in order.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? Math.min(2, os.availableParallelism())),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
