/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Marks the entry chunk (React, React DOM, the router, the app shell) for eager compilation
 * (V8's explicit compile hints, Chrome 136+): nearly all of it runs at start, so V8 compiles
 * it on a background thread while it downloads, instead of on the main thread at each first
 * call during hydration. The comment must be the first line of the file.
 */
function compileEntryEagerly(): Plugin {
  return {
    name: 'campus:compile-entry-eagerly',
    apply: 'build',
    generateBundle: {
      // After Vite's own changes to the chunk (its dependency map goes at the top).
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          // With source maps on, the generated code now starts one line lower.
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}

export default defineConfig({
  root: '.',
  publicDir: 'public',
  build: {
    // BUILD_OUT lets parallel work build into separate folders (default dist/).
    outDir: `${process.env.BUILD_OUT ?? 'dist'}/client`,
    emptyOutDir: true,
    target: 'es2022',
    // No runtime preloading of a lazy chunk's imports (their CSS still loads with them): the
    // service worker precaches every chunk after the first visit, and a server-rendered first
    // visit links its page's chunks itself (src/server/ssr/page-html.ts). The helper and the
    // list of every chunk's file names would otherwise sit in the first chunk of every visit.
    modulePreload: false,
    sourcemap: false,
    // .vite/manifest.json: the chunk graph bench/bundle.ts reads to size each route.
    manifest: true,
    rollupOptions: {
      output: {
        // Everything the entry imports statically is one file. Left to itself the bundler puts
        // the parts the entry shares with lazy pages (the JSX runtime, pieces of TanStack
        // Query) in small chunks of their own, each one more request at start and their
        // import and export lists gzip poorly: together about 2 kB more on every first visit.
        // The pieces the home page shares with other pages (the listing cards, their stars and
        // pictures, the loading and error notes, the listings' API paths) are one chunk too,
        // for the same reason: apart, they were seven chunks on the home route.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            {
              name: 'cards',
              test: /src\/(client\/(components\/ui\/(listing-card|listing-image|stars|status)|lib\/(format|use-document-title)|features\/listings\/catalog\/filter-labels)|shared\/api-paths\/listings)\.tsx?$/,
            },
            // The favourite heart (cards and listing pages) with its query and sign-in prompt,
            // and the API paths the first chunk does not carry (4 kB in all): one chunk each
            // instead of nine of 0.1-1 kB, each a request and a module of its own.
            {
              name: 'favorite',
              test: /src\/(client\/(components\/(favorite|heart|sign-in-first)|lib\/queries\/favorites)|shared\/api-paths\/listings-favorites)\.(tsx?|css)$/,
            },
            { name: 'api-paths', test: /src\/shared\/api-paths\/[^/]+\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/uploads': 'http://127.0.0.1:8080',
      // The campus map archive (MAP_TILES), when the API server has one.
      '/tiles': 'http://127.0.0.1:8080',
    },
  },
  // index.html links the root manifest.webmanifest; Vite emits it with a content hash.
  plugins: [
    react(),
    compileEntryEagerly(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine. API
    // tests wait on sockets and databases much of the time, so two share two cores well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // Each file gets its own database; files run in parallel processes.
          pool: 'forks',
          // A file's app, database and timers are its own (harness.ts), so the files of one
          // process share the modules they import: the server is loaded once per process, not
          // once per file (half the suite's time, on both engines).
          isolate: false,
          // The local push service's certificate, trusted by those processes from their start.
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
    ],
  },
});
