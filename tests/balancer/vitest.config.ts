import { defineConfig } from 'vitest/config';

/**
 * The balancer lane: the built server as real processes, stopped with real signals, and two of
 * them behind HAProxy on PostgreSQL (`npm run test:balancer`).
 */
export default defineConfig({
  test: {
    name: 'balancer',
    environment: 'node',
    include: ['tests/balancer/**/*.test.ts'],
    // The files share the lane's ports: they take turns.
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
