// The programs the tests drive: Chromium (Playwright lane), WebKitGTK's MiniBrowser under
// WebKitWebDriver on a virtual X display (WebKit lane), Firefox ESR (Firefox lane, driven over
// WebDriver BiDi: no geckodriver), HAProxy (balancer lane) and sqlite3 (a backup opened with the
// system's SQLite). Found where Debian installs them, or installed
// through apt when this machine allows it; otherwise `npm test` stops at once and says the one
// command to run. Without HAProxy or sqlite3 it goes on: their tests are skipped with a line
// saying so. `node scripts/browsers.mjs` is the step `npm test` and .ci/run start with.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Debian packages that bring every program below. */
export const BROWSER_PACKAGES = ['chromium', 'webkit2gtk-driver', 'xvfb', 'firefox-esr'];

const MINIBROWSER_PATHS = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/libexec/webkit2gtk-4.1/MiniBrowser',
];

function onPath(program) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, program))) return join(dir, program);
  }
  return null;
}

/** Paths of the programs the browser tests need; null for each one missing. */
export function findBrowsers() {
  const chromium =
    process.env.CHROME_PATH ??
    (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : onPath('chromium'));
  return {
    chromium: chromium && existsSync(chromium) ? chromium : null,
    webkitDriver: process.env.WEBKIT_DRIVER_PATH ?? onPath('WebKitWebDriver'),
    miniBrowser:
      process.env.MINIBROWSER_PATH ?? MINIBROWSER_PATHS.find((p) => existsSync(p)) ?? null,
    xvfb: onPath('Xvfb'),
    firefox: findFirefox(),
  };
}

/** Firefox: FIREFOX_PATH, Debian's /usr/bin/firefox-esr, or firefox-esr or firefox on the PATH. */
function findFirefox() {
  const file =
    process.env.FIREFOX_PATH ??
    (existsSync('/usr/bin/firefox-esr')
      ? '/usr/bin/firefox-esr'
      : (onPath('firefox-esr') ?? onPath('firefox')));
  return file && existsSync(file) ? file : null;
}

/** HAProxy for the balancer lane (deploy/haproxy.cfg): HAPROXY_PATH, /usr/sbin or the PATH. */
export function findHaproxy() {
  const file =
    process.env.HAPROXY_PATH ??
    (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : onPath('haproxy'));
  return file && existsSync(file) ? file : null;
}

/**
 * The system's sqlite3 (Debian package `sqlite3`), in /usr/bin or on the PATH: a backup test
 * opens a backup with it, as an operator would (Debian 12's 3.40 is the oldest SQLite supported).
 */
export function findSqlite3() {
  return existsSync('/usr/bin/sqlite3') ? '/usr/bin/sqlite3' : onPath('sqlite3');
}

/** Packages of tests that are skipped without them (with a line saying so). */
export function missingOptionalPackages() {
  return [...(findHaproxy() ? [] : ['haproxy']), ...(findSqlite3() ? [] : ['sqlite3'])];
}

/** The packages whose programs are missing. */
export function missingPackages(found = findBrowsers()) {
  const missing = new Set();
  if (!found.chromium) missing.add('chromium');
  if (!found.webkitDriver || !found.miniBrowser) missing.add('webkit2gtk-driver');
  if (!found.xvfb) missing.add('xvfb');
  if (!found.firefox) missing.add('firefox-esr');
  return [...missing];
}

export function installCommand(packages) {
  return `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** Installs through apt as root, or through sudo when it needs no password; null: cannot try. */
function aptInstall(packages) {
  if (!onPath('apt-get')) return null;
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !(onPath('sudo') && spawnSync('sudo', ['-n', 'true']).status === 0)) return null;
  const [command, ...prefix] = asRoot ? ['apt-get'] : ['sudo', '-n', 'apt-get'];
  console.log(`--- installing ${packages.join(', ')} (Debian packages)`);
  return (
    run(command, [...prefix, 'update', '-qq']) &&
    run(command, [...prefix, 'install', '-y', '-qq', ...packages])
  );
}

/** HAProxy and sqlite3 when apt may install them; otherwise a line saying what is skipped. */
function ensureOptional() {
  const missing = missingOptionalPackages();
  if (missing.length === 0) return;
  aptInstall(missing);
  const still = missingOptionalPackages();
  if (still.length === 0) return;
  const skipped = {
    haproxy: 'the balancer test',
    sqlite3: "the check of a backup with the system's sqlite3",
  };
  console.warn(
    `${still.join(', ')} ${still.length > 1 ? 'are' : 'is'} not installed: ${still.map((p) => skipped[p]).join(' and ')} will be skipped. Run:\n\n  ${installCommand(still)}\n`,
  );
}

/** Finds the browsers, installing what is missing when it can; exits 1 when it cannot. */
export function ensureBrowsers() {
  const missing = missingPackages();
  if (missing.length === 0) return ensureOptional();
  const installed = aptInstall(missing);
  const still = missingPackages();
  if (still.length === 0) return ensureOptional();
  const why =
    installed === null
      ? `The browser tests need ${still.join(', ')}, and only an administrator can install them.`
      : `Installing ${still.join(', ')} through apt did not work (see above).`;
  const hints = [
    still.includes('chromium') ? '(Or set CHROME_PATH to a Chromium or Chrome of your own.)' : '',
    still.includes('firefox-esr') ? '(Or set FIREFOX_PATH to a Firefox of your own.)' : '',
  ].filter(Boolean);
  console.error(
    `${why} Run:\n\n  ${installCommand(still)}\n${hints.map((h) => `\n${h}`).join('')}`,
  );
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBrowsers();
