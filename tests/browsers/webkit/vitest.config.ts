import { defineConfig } from 'vitest/config';

/**
 * The WebKit lane: the journeys that matter on a phone, in WebKitGTK's MiniBrowser driven by
 * WebKitWebDriver on a virtual X display, against the built app (`npm run test:webkit`).
 */
export default defineConfig({
  test: {
    name: 'webkit',
    environment: 'node',
    include: ['tests/webkit/**/*.test.ts'],
    globalSetup: ['tests/webkit/global-setup.ts'],
    // One browser driver and one app server: the files take turns.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
