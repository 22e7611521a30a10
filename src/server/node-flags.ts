/**
 * The flags Node runs the server with: `npm run serve` (package.json, checked against this by a
 * unit test), the benchmarks and the e2e and instance tests all start it so.
 *
 * `--max-semi-space-size=4` (MB; Node 20's default is 16): V8's young generation, where each
 * request's short-lived objects are made, is kept small. Reading one listing at 11,000-13,000
 * req/s on 50 connections (bench `api`, 100,000 listings) raised the server's peak resident
 * size from 150 MB to 211-236 MB with the default and to 148-150 MB with 4, at the same
 * throughput within the run-to-run noise (11,300-13,100 req/s either way); 2 was as small, 1
 * slower. The flag cannot be set from inside the process (v8.setFlagsFromString comes too late
 * for the heap's layout), so it is given on the command line.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'] as const;
