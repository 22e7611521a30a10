import { defineConfig } from 'vite';

/** Bundles the Fastify server for `npm run serve`; npm dependencies stay external. */
export default defineConfig({
  build: {
    ssr: 'src/server/main.ts',
    outDir: `${process.env.BUILD_OUT ?? 'dist'}/server`,
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'main.js', format: 'es' } },
  },
  ssr: { target: 'node' },
});
