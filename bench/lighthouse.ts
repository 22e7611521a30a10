/**
 * Lighthouse (mobile preset, the default) on the built app served by the real server: the four
 * category scores and LCP, TBT, CLS of the home page, a product page and the login page, and
 * every audit that kept a score below 100.
 *
 * Each page is audited BENCH_LIGHTHOUSE_RUNS times (default 5) and the median run is reported,
 * as Lighthouse's own guidance on variability advises (five runs, its computeMedianRun): on this
 * shared 2-core machine single runs of the same build range over 98-100. The floor is the
 * same page with every script blocked: what the HTML and CSS alone cost on this machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { CHROME_FLAGS, CHROME_PATH } from './lib/chromium.js';
import { TMP } from './lib/paths.js';

export interface PageScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The performance score of every run; the reported run is their median. */
  performanceRuns: number[];
  /**
   * Every run's metrics and Lighthouse's benchmark index of the machine at that moment (higher
   * is faster), to tell a slow page from a busy machine when runs disagree.
   */
  runs: {
    performance: number;
    fcpMs: number;
    lcpMs: number;
    tbtMs: number;
    benchmarkIndex: number;
  }[];
  /** The same page with its scripts blocked (HTML and CSS only), on the same machine. */
  floor?: { fcpMs: number; lcpMs: number; tbtMs: number };
  /** Audits below full marks that count towards a category, with what they found. */
  findings: Finding[];
  /** Insights and diagnostics that do not count but point at the cause (weight 0). */
  diagnostics: Finding[];
}

interface Finding {
  category: string;
  id: string;
  title: string;
  score: number;
  display?: string;
}

export type LighthouseResult = Record<'home' | 'product' | 'login', PageScores>;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

/** One Lighthouse run; a failed trace (NO_NAVSTART and the like, on a busy machine) is retried. */
async function audit(
  port: number,
  url: string,
  { scripts = true, keepStorage = false } = {},
  attempts = 3,
) {
  let failure = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const run = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: scripts ? [...CATEGORIES] : ['performance'],
      disableStorageReset: keepStorage,
      ...(!scripts && { blockedUrlPatterns: ['*.js'] }),
    });
    const runtimeError = run?.lhr.runtimeError;
    if (run && !runtimeError) {
      // A page that sent the browser elsewhere (a signed-in screen that found no session goes
      // to /login) was not the page measured.
      const ended = new URL(run.lhr.finalDisplayedUrl).pathname;
      if (ended !== new URL(url).pathname) throw new Error(`${url}: the page went to ${ended}`);
      return run.lhr;
    }
    failure = runtimeError ? `${runtimeError.code} ${runtimeError.message}` : 'no result';
  }
  throw new Error(`${url}: ${failure} (${attempts} attempts)`);
}

/**
 * Launches the system Chromium for Lighthouse with its profile in bench/tmp/`name`: a fresh one,
 * or (`keepProfile`) the one left there, with its cookies, caches and service worker.
 */
export async function launchChrome(
  name: string,
  { keepProfile = false } = {},
): Promise<chromeLauncher.LaunchedChrome> {
  const userDataDir = path.join(TMP, name);
  if (!keepProfile) fs.rmSync(userDataDir, { recursive: true, force: true });
  fs.mkdirSync(userDataDir, { recursive: true });
  return chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...CHROME_FLAGS],
    userDataDir,
  });
}

/**
 * Audits every page RUNS times and reports each page's median run: in the Chrome listening on
 * `browser` (a port), or each run in a Chrome of its own that `browser()` starts and the run
 * then stops. `keepStorage` keeps the profile's cookies, caches and service worker between runs
 * (a signed-in person coming back); `floor` also audits each page with its scripts blocked.
 */
export async function measurePages<Name extends string>(
  browser: number | (() => Promise<chromeLauncher.LaunchedChrome>),
  pages: Record<Name, string>,
  { keepStorage = false, floor = false } = {},
): Promise<Record<Name, PageScores>> {
  const inBrowser = async <T>(run: (port: number) => Promise<T>): Promise<T> => {
    if (typeof browser === 'number') return run(browser);
    const chrome = await browser();
    try {
      return await run(chrome.port);
    } finally {
      chrome.kill();
    }
  };
  const result = {} as Record<Name, PageScores>;
  for (const [name, url] of Object.entries(pages) as [Name, string][]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await inBrowser((port) => audit(port, url, { keepStorage })));
    }
    const { categories, audits } = computeMedianRun(runs);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (a: typeof audits, id: string) => Math.round(a[id]?.numericValue ?? NaN);
    const bare = floor
      ? (await inBrowser((port) => audit(port, url, { scripts: false }))).audits
      : null;
    const perRun = runs.map((r) => ({
      performance: Math.round((r.categories.performance?.score ?? 0) * 100),
      fcpMs: ms(r.audits, 'first-contentful-paint'),
      lcpMs: ms(r.audits, 'largest-contentful-paint'),
      tbtMs: ms(r.audits, 'total-blocking-time'),
      benchmarkIndex: Math.round(r.environment.benchmarkIndex),
    }));
    const findings: Finding[] = [];
    const diagnostics: Finding[] = [];
    for (const id of CATEGORIES) {
      for (const ref of categories[id]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 1) continue;
        if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual')
          continue;
        (ref.weight > 0 ? findings : diagnostics).push({
          category: id,
          id: ref.id,
          title: audit.title,
          score: Math.round(audit.score * 100),
          ...(audit.displayValue && { display: String(audit.displayValue) }),
        });
      }
    }
    result[name] = {
      url: new URL(url).pathname,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: ms(audits, 'largest-contentful-paint'),
      tbtMs: ms(audits, 'total-blocking-time'),
      cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
      fcpMs: ms(audits, 'first-contentful-paint'),
      performanceRuns: perRun.map((r) => r.performance),
      runs: perRun,
      ...(bare && {
        floor: {
          fcpMs: ms(bare, 'first-contentful-paint'),
          lcpMs: ms(bare, 'largest-contentful-paint'),
          tbtMs: ms(bare, 'total-blocking-time'),
        },
      }),
      findings,
      diagnostics,
    };
  }
  return result;
}

export async function runLighthouse(baseUrl: string): Promise<LighthouseResult> {
  const listings = (await (await fetch(`${baseUrl}/api/all?limit=1`)).json()) as {
    listing_id: number;
  }[];
  const pages = {
    home: `${baseUrl}/`,
    product: `${baseUrl}/productListing/${listings[0]!.listing_id}`,
    login: `${baseUrl}/login`,
  };
  const chrome = await launchChrome('lighthouse-profile');
  try {
    return await measurePages(chrome.port, pages, { floor: true });
  } finally {
    chrome.kill();
  }
}
