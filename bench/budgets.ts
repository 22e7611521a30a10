/** The performance budgets (README's Performance table), checked against a run's results. */
export interface BudgetCheck {
  name: string;
  budget: string;
  value: string;
  pass: boolean | null;
}

type Results = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export function checkBudgets(results: Results): BudgetCheck[] {
  const r = results as Loose;
  const checks: BudgetCheck[] = [];
  const add = (name: string, budget: string, value: unknown, pass: boolean | undefined) =>
    checks.push({
      name,
      budget,
      value: value === undefined || value === null ? 'not measured' : String(value),
      pass: value === undefined || value === null ? null : Boolean(pass),
    });

  // Everything the home page downloads until the network is idle (bench/bundle.ts).
  add(
    'bundle: home page download / bare React app',
    '<= 1.3',
    r.bundle?.home ? r.bundle.homeRatio : undefined,
    r.bundle?.homeRatio <= 1.3,
  );
  add(
    'bundle: Leaflet in the home route',
    'never',
    r.bundle?.leafletInHome === undefined ? undefined : r.bundle.leafletInHome ? 'yes' : 'no',
    r.bundle?.leafletInHome === false,
  );
  for (const page of ['home', 'product', 'login']) {
    const p = r.lighthouse?.[page];
    const value = p && `${p.performance} / ${p.accessibility} / ${p.bestPractices} / ${p.seo}`;
    add(
      `Lighthouse ${page} (perf / a11y / best practices / SEO)`,
      '100 / 100 / 100 / >= 95',
      value,
      p && p.performance >= 100 && p.accessibility >= 100 && p.bestPractices >= 100 && p.seo >= 95,
    );
  }
  for (const p of Object.values(r.lighthouseSignedIn ?? {}) as Loose[]) {
    if (!p?.url) continue;
    add(
      `Lighthouse signed in ${p.url} (perf / a11y / best practices)`,
      '100 / 100 / 100',
      `${p.performance} / ${p.accessibility} / ${p.bestPractices} (TBT ${p.tbtMs} ms)`,
      p.performance >= 100 && p.accessibility >= 100 && p.bestPractices >= 100,
    );
  }
  for (const p of Object.values(r.lighthouseAfterSignIn ?? {}) as Loose[]) {
    if (!p?.url) continue;
    add(
      `Lighthouse just after signing in ${p.url} (perf / a11y / best practices)`,
      '100 / 100 / 100',
      `${p.performance} / ${p.accessibility} / ${p.bestPractices} (TBT ${p.tbtMs} ms)`,
      p.performance >= 100 && p.accessibility >= 100 && p.bestPractices >= 100,
    );
  }
  for (const [tap, label] of [
    ['pickedUp', "courier's PICKED UP"],
    ['finishDropOff', "courier's FINISH DROP OFF"],
    ['send', "buyer's Send on a product page"],
    ['sendInChats', "buyer's Send in Chats"],
  ] as const) {
    const t = r.inp?.[tap];
    add(
      `INP at 4x CPU slowdown: ${label}, slowest of the runs (ms)`,
      '< 100',
      t?.maxMs,
      t?.maxMs < 100,
    );
  }
  for (const [way, label] of [
    ['fromDashboard', 'tapped on the dashboard'],
    ['installedNewTab', 'opened in a new tab, app installed'],
  ] as const) {
    const t = r.courierFirstOpen?.[way];
    add(
      `Courier screen shown at 4x CPU slowdown, ${label}: median (ms)`,
      '< 1000',
      t?.medianMs,
      t?.medianMs < 1000,
    );
  }
  for (const [scenario, label] of [
    ['titleSearch', 'title search'],
    ['typoSearch', 'typo search'],
    ['pluralSearch', 'plural search'],
  ]) {
    const s = r.api?.scenarios?.[scenario!];
    add(`API: ${label} p99 (ms)`, '<= 10', s?.p99, s?.p99 <= 10);
    add(`API: ${label} / floor req/s`, '>= 0.5', s?.ratio, s?.ratio >= 0.5);
  }
  add('API: server peak RSS (MB)', '<= 250', r.api?.peakRssMb, r.api?.peakRssMb <= 250);
  add(
    'Sign-in from another address during a flood of 100 guesses, slowest (ms)',
    '< 1000',
    r.guessing?.duringFlood?.maxMs,
    r.guessing?.duringFlood?.maxMs < 1000,
  );
  add(
    'Push: one event to 1,000 devices (s)',
    '<= 5',
    r.push?.fanOutMs === undefined ? undefined : r.push.fanOutMs / 1000,
    r.push?.fanOutMs <= 5000,
  );
  add(
    'Push: API p99 under load, with fan-outs / without',
    '<= 1.1',
    r.push?.p99Ratio,
    r.push?.p99Ratio <= 1.1,
  );
  add('Map: campus tile p99 at 50 connections (ms)', '<= 10', r.map?.tileP99, r.map?.tileP99 <= 10);
  add(
    'Map: campus tile / static-file floor req/s',
    '>= 0.5',
    r.map?.tileRatio,
    r.map?.tileRatio >= 0.5,
  );
  add(
    'Map: campus saved on the campus network (s)',
    '<= 60',
    r.map?.save?.campusNetworkSeconds,
    r.map?.save?.campusNetworkSeconds <= 60,
  );
  add(
    'Query plans: statements reading a large table in full',
    '0',
    r.plans?.withFullScan,
    r.plans?.withFullScan === 0,
  );
  add(
    'Offline replay: online to last update stored (ms)',
    '<= 3000',
    r.sync?.ms,
    r.sync?.ms <= 3000,
  );
  for (const [name, value] of [
    ['home', r.lieFi?.homeMs],
    ['product', r.lieFi?.productMs],
    ['Order Status', r.lieFi?.orderStatusMs],
  ]) {
    add(`Lie-fi: ${name} useful with 8 s answers (ms)`, '<= 2000', value, value <= 2000);
  }
  add(
    'Lie-fi: network back to a current Order Status (ms)',
    '<= 10000',
    r.lieFi?.recoveryMs,
    r.lieFi?.recoveryMs <= 10_000,
  );
  add(
    'Repeat visit FCP / first visit FCP',
    '<= 0.5',
    r.repeatVisit?.ratio,
    r.repeatVisit?.ratio <= 0.5,
  );
  return checks;
}
