import { defineConfig } from 'vitest/config';

/**
 * The WebKit lane: the phone journeys (tests/browsers/journeys) in WebKitGTK's MiniBrowser
 * driven by WebKitWebDriver on a virtual X display, against the built app
 * (`npm run test:webkit`). One driver and one app server for the lane; the journeys run in turn.
 */
export default defineConfig({
  test: {
    name: 'webkit',
    environment: 'node',
    include: ['tests/browsers/webkit/**/*.test.ts'],
    globalSetup: ['tests/browsers/webkit/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
