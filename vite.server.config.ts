import { defineConfig } from 'vite';

/**
 * Bundles the Fastify server for `npm run serve`; npm dependencies stay external. The worker
 * threads' modules are entries of their own beside main.js, where the server finds them as it
 * does beside its sources (`new URL('./…-worker.mjs', import.meta.url)`).
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: `${process.env.BUILD_OUT ?? 'dist'}/server`,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        'password-worker': 'src/server/features/accounts/password-worker.mjs',
        'sqlite-worker': 'src/server/backup/sqlite-worker.mjs',
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'main' ? 'main.js' : '[name].mjs'),
        format: 'es',
      },
    },
  },
  ssr: { target: 'node' },
});
