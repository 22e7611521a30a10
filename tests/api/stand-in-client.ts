/**
 * A stand-in for the built client (`vite build`), reduced to what the server reads to render
 * pages: index.html, the manifest and the CSS it inlines. The pages themselves are the real
 * ones (tests/api/pages/server-rendering.test.ts, tests/api/pages/link-previews.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Gator Market: buy and sell with students on campus, with delivery by student couriers."
    />
    <title>Gator Market — campus marketplace</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc.js',
    imports: ['_jsx-runtime-abc.js'],
    css: ['assets/index-abc.css'],
  },
  '_jsx-runtime-abc.js': { file: 'assets/jsx-runtime-abc.js' },
  '_listing-card-abc.js': { file: 'assets/listing-card-abc.js', imports: ['_jsx-runtime-abc.js'] },
  'src/client/features/listings/catalog/home-page.tsx': {
    file: 'assets/home-page-abc.js',
    imports: ['_jsx-runtime-abc.js', '_listing-card-abc.js'],
    css: ['assets/home-page-abc.css'],
  },
};

/** The folder to give the server as CLIENT_DIR, and how to remove it. */
export function standInClient(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-ssr-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.css'), '.page{margin:0}');
  fs.writeFileSync(path.join(dir, 'assets', 'home-page-abc.css'), '.hero{color:#46237a}');
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
