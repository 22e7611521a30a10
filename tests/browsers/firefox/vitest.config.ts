import { defineConfig } from 'vitest/config';

/**
 * The Firefox lane: the phone journeys (tests/browsers/journeys) in Firefox ESR, driven over
 * WebDriver BiDi by puppeteer-core, against the built app (`npm run test:firefox`). One
 * Firefox and one app server for the lane; the journeys run in turn.
 */
export default defineConfig({
  test: {
    name: 'firefox',
    environment: 'node',
    include: ['tests/browsers/firefox/**/*.test.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
