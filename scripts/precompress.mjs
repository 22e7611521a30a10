/**
 * Writes a Brotli (.br) and a gzip (.gz) copy of every text file of the built client, at the
 * highest levels: compressed once at build time instead of on every request, and smaller than
 * on-the-fly compression could afford. The server sends them (@fastify/static preCompressed).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.env.BUILD_OUT ?? 'dist', 'client');
const TEXT = /\.(js|css|html|svg|json|webmanifest|txt)$/;
/** Smaller files gain too little to be worth a second copy. */
const MIN_BYTES = 1024;
/**
 * The service worker script is left to on-the-fly compression: browsers compare it byte for
 * byte to find a new version, so it must always be exactly the file on disk.
 */
const SKIP = new Set(['sw.js']);

function* files(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name) && !SKIP.has(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dir)) {
  const source = fs.readFileSync(file);
  if (source.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(source, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dir) || dir}`);
