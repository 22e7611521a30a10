import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the app was built (`npm run build` honours BUILD_OUT too). */
export const BUILD_OUT = path.resolve(ROOT, process.env.BUILD_OUT ?? 'dist');
export const CLIENT_DIR = path.join(BUILD_OUT, 'client');
export const SERVER_MAIN = path.join(BUILD_OUT, 'server', 'main.js');
/** Scratch space: databases, the bare app's build, browser profiles. Git-ignored. */
export const TMP = path.join(ROOT, 'bench', 'tmp');
export const RESULTS_JSON = path.join(ROOT, 'bench', 'results.json');
export const RESULTS_MD = path.join(ROOT, 'bench', 'results.md');
