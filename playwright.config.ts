import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findBrowsers } from './scripts/browsers.mjs';

/** The built app, served by the real server on a fresh database with demo data. */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const dataDir = path.join(os.tmpdir(), `campus-e2e-${process.pid}`);
const buildOut = process.env.BUILD_OUT ?? 'dist';
export const chromiumPath = findBrowsers().chromium ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    command: `rm -rf ${dataDir} && node ${buildOut}/server/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.db')}`,
      DEMO_DATA: '1',
      CLIENT_DIR: `${buildOut}/client`,
      LOG_LEVEL: 'warn',
      TILE_URL: `http://127.0.0.1:${PORT}/tiles/{z}/{x}/{y}.png`,
      // The demo seller ben moderates in the e2e run (tests/e2e/moderation.spec.ts).
      MODERATOR_EMAILS: 'ben@sfsu.edu',
    },
  },
});
