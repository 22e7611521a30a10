/**
 * Zod compiles a fast validator for each object schema with `new Function` when it may, and
 * finds out by trying once as the first schema is built. The app's Content-Security-Policy
 * allows no eval, so that try is refused and reported as a policy violation (Lighthouse's best
 * practices count it): zod is told before any schema is built that it may not.
 *
 * Through the global object zod reads its configuration from (every copy of zod shares it),
 * not `z.config()`: importing zod here would move it into the first chunk every page loads
 * (+3.8 kB), where only the screens that validate need it.
 */
import type { $ZodConfig } from 'zod/v4/core';

const withZod = globalThis as { __zod_globalConfig?: $ZodConfig };
withZod.__zod_globalConfig = { ...withZod.__zod_globalConfig, jitless: true };
