/** bench/results.md: the results as tables a person reads (README's Performance section). */
import type { BudgetCheck } from './budgets.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const row = (cells: unknown[]) => `| ${cells.map((c) => String(c ?? '')).join(' | ')} |`;
const table = (head: string[], rows: unknown[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
const failed = (section: Loose) =>
  section && typeof section === 'object' && 'error' in section
    ? `Not measured: ${section.error}\n`
    : null;

function budgets(checks: BudgetCheck[]) {
  return table(
    ['Budget', 'Target', 'Measured', 'Holds'],
    checks.map((c) => [
      c.name,
      c.budget,
      c.value,
      c.pass === null ? '–' : c.pass ? 'yes' : '**no**',
    ]),
  );
}

function courierFirstOpen(c: Loose) {
  const ways: [string, string][] = [
    ['fromDashboard', 'tap on the dashboard (app installed and running)'],
    ['installedNewTab', 'new tab, app installed (service worker)'],
    ['cold', 'new tab, app never loaded (no service worker, empty cache)'],
    ['dashboardCold', 'the dashboard itself, app never loaded'],
  ];
  const times = table(
    ['Way in', 'Median ms', 'Slowest ms', 'Runs ms'],
    ways
      .filter(([way]) => c[way])
      .map(([way, label]) => [label, c[way].medianMs, c[way].maxMs, c[way].runs.join(', ')]),
  );
  const marksOf = (run: unknown) =>
    Object.entries((run ?? {}) as Record<string, number>)
      .sort(([, a], [, b]) => a - b)
      .map(([name, ms]) => `${name} ${ms}`)
      .join(', ');
  const where = [
    ['The median new-tab run', c.installedNewTabMedianRun],
    ['The median cold run', c.coldMedianRun],
  ]
    .map(([label, run]) => [label, marksOf(run)])
    .filter(([, marks]) => marks)
    .map(([label, marks]) => `${label}, ms from navigation start: ${marks}.`);
  return [times, ...where].join('\n\n');
}

function lieFi(l: Loose) {
  const runs = l.runs as { homeMs: number; productMs: number; orderStatusMs: number }[];
  return [
    `Chromium through a loopback proxy that says nothing is wrong (\`navigator.onLine\` true), signed in as maria on a phone that has been there before. Every answer takes ${l.answerDelayMs / 1000} s: time to useful content, median of ${runs.length}.`,
    '',
    table(
      ['Screen', 'ms (median)', 'runs'],
      [
        ['home: its listings', l.homeMs, runs.map((x) => x.homeMs).join(', ')],
        [
          'product, opened from home: title and price',
          l.productMs,
          runs.map((x) => x.productMs).join(', '),
        ],
        ['Order Status: the orders', l.orderStatusMs, runs.map((x) => x.orderStatusMs).join(', ')],
      ],
    ),
    '',
    `Nothing answers at all while the courier picks an order up; from the network's return to Order Status showing "Picked Up", nobody touching the phone: **${l.recoveryMs} ms** (median; runs ${(l.recoveryRuns as number[]).join(', ')} ms).`,
  ].join('\n');
}

function bundle(b: Loose) {
  const routes = Object.entries(b.routes as Record<string, number>).sort(([, x], [, y]) => y - x);
  return [
    `Home page, everything a first-time visitor's phone downloads until the network is idle (Chromium at Pixel 7 size; every JS and CSS response the page gets until no request for 2 s, not before the service worker is ready; gzip of each body): **${b.homeKb} kB** (${b.homeJsKb} kB JS + ${b.homeCssKb} kB CSS); bare React + ReactDOM + react-router app, same Vite settings, loaded the same way: ${b.bareKb} kB; ratio **${b.homeRatio}**. Leaflet in the home page: ${b.leafletInHome ? '**yes**' : 'no'}.`,
    ...(b.home
      ? [
          '',
          `Of that, ${b.homeBeyondFirstRenderKb} kB is not in the first render (fetched once the app runs). The service worker's precache, fetched by the worker and not counted above: ${b.home.precacheKb} kB of JS and CSS, ${b.home.precacheAllKb} kB in all (${b.home.precacheFiles} files, gzip).`,
          '',
          table(
            ['Home page response', 'kB'],
            Object.entries(b.home.files as Record<string, number>).map(([f, kb]) => [f, kb]),
          ),
        ]
      : []),
    ...(b.firstRender
      ? [
          '',
          `First render only, from the Vite manifest (entry, its imports and the home page chunk): ${b.firstRender.homeKb} kB (${b.firstRender.homeJsKb} kB JS + ${b.firstRender.homeCssKb} kB CSS) against the bare app's ${b.firstRender.bareKb} kB; ratio ${b.firstRender.homeRatio}.`,
        ]
      : []),
    '',
    'Each lazy route, gzip kB it loads on top of the app start:',
    '',
    table(
      ['Route chunk', 'kB'],
      [
        ...routes.map(([name, kb]) => [name, kb]),
        ...Object.entries(b.courierMapRoutes as Record<string, number>).map(([name, kb]) => [
          `${name} (courier map, Leaflet)`,
          kb,
        ]),
      ],
    ),
    ...(b.afterFirstRender
      ? [
          '',
          'Code the start can load after the first render, from the manifest (gzip kB each on top of the start; what the home page fetches of it is in the figure above, the outbox and live events only once someone has signed in):',
          '',
          table(
            ['Chunk', 'kB'],
            Object.entries(b.afterFirstRender as Record<string, number>).map(([n, kb]) => [n, kb]),
          ),
        ]
      : []),
  ].join('\n');
}

/** Lighthouse's table, and what the service worker was doing as each run began. */
function afterSignIn(l: Loose) {
  const workers = Object.entries(l as Record<string, Loose>).map(
    ([name, p]) => `${name}: ${((p.serviceWorker ?? []) as string[]).join(', ') || 'not recorded'}`,
  );
  return [
    lighthouse(l),
    '',
    `The service worker as each run began (per page, in run order): ${workers.join('; ')}.`,
  ].join('\n');
}

function lighthouse(l: Loose) {
  const pages = Object.entries(l as Record<string, Loose>);
  const findings = pages.flatMap(([name, p]) =>
    [...p.findings, ...p.diagnostics].map((f: Loose) => [
      name,
      f.category,
      f.title + (f.display ? ` (${f.display})` : ''),
      f.score,
    ]),
  );
  return [
    `Median of ${pages[0]?.[1].performanceRuns?.length ?? 1} runs per page (performance of each run in brackets).`,
    '',
    table(
      [
        'Page',
        'Performance',
        'Accessibility',
        'Best practices',
        'SEO',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
      ],
      pages.map(([name, p]) => [
        `${name} (${p.url})`,
        `${p.performance}${p.performanceRuns ? ` (${p.performanceRuns.join(', ')})` : ''}`,
        p.accessibility,
        p.bestPractices,
        p.seo,
        p.fcpMs,
        p.lcpMs,
        p.tbtMs,
        p.cls,
      ]),
    ),
    '',
    ...(pages.some(([, p]) => p.floor)
      ? [
          'Floor: the same pages with every script blocked (their HTML and CSS alone), same machine, same run:',
          '',
          table(
            ['Page', 'FCP ms', 'LCP ms', 'TBT ms'],
            pages
              .filter(([, p]) => p.floor)
              .map(([name, p]) => [name, p.floor.fcpMs, p.floor.lcpMs, p.floor.tbtMs]),
          ),
          '',
        ]
      : []),
    ...(pages.some(([, p]) => p.runs)
      ? [
          "Every run: performance, LCP ms, TBT ms and Lighthouse's benchmark index of the machine at that moment (higher is faster; it drops when the machine is busy):",
          '',
          table(
            ['Page', 'Runs (performance / LCP / TBT / index)'],
            pages
              .filter(([, p]) => p.runs)
              .map(([name, p]) => [
                name,
                (p.runs as Loose[])
                  .map((r) => `${r.performance} / ${r.lcpMs} / ${r.tbtMs} / ${r.benchmarkIndex}`)
                  .join('; '),
              ]),
          ),
          '',
        ]
      : []),
    'What Lighthouse marked below full score:',
    '',
    findings.length ? table(['Page', 'Category', 'Audit', 'Score'], findings) : 'Nothing.',
  ].join('\n');
}

/** Scenarios measured with autocannon, each against its floor where it has one. */
function scenarioTable(scenarios: [string, Loose][], withRss: boolean) {
  return table(
    [
      'Scenario',
      'Request',
      'req/s',
      'p50 ms',
      'p99 ms',
      'floor req/s',
      'floor p99 ms',
      'ratio',
      'non-2xx',
      ...(withRss ? ['RSS after, MB'] : []),
    ],
    scenarios.map(([name, s]) => [
      name,
      `\`${s.path}\``,
      s.reqPerSec,
      s.p50,
      s.p99,
      s.floorReqPerSec ?? '',
      s.floorP99 ?? '',
      s.ratio ?? '',
      s.non2xx,
      ...(withRss ? [s.rssAfterMb ?? ''] : []),
    ]),
  );
}

function api(a: Loose) {
  return [
    `${a.listings.toLocaleString('en-US')} listings, ${a.users.toLocaleString('en-US')} users (SQLite), autocannon ${a.connections} connections. Each read first gets an unmeasured ${a.warmUpSeconds ?? 0} s run against the app and the floor (JIT warm-up), then runs against the app and the floor alternately (app, floor, floor, app; ${a.secondsPerRun} s each): req/s is the mean, p50/p99 the worse of the two runs. Listing and write mix: one ${a.secondsPerRun * 2} s run. The title search word matches ${a.titleMatches} active listings. Floor: a bare Fastify route answering the same bytes from memory, in the same run. Server resident memory: ${a.memory?.startMb} MB after start, ${a.memory?.afterSignInsMb} MB after the write mix's 50 sign-ins, peak **${a.peakRssMb} MB**.`,
    '',
    scenarioTable(Object.entries(a.scenarios as Record<string, Loose>), true),
  ].join('\n');
}

function balancer(b: Loose) {
  const setups = [
    ['one instance, direct', 'direct'],
    ['one instance behind HAProxy', 'oneBehind'],
    ['two instances behind HAProxy', 'twoBehind'],
  ];
  return [
    `The demo data on PostgreSQL; the built server as real processes, HAProxy with deploy/haproxy.cfg; ${b.cpus} CPU(s) shared by the instances, HAProxy, PostgreSQL and autocannon (${b.connections} connections). Each request is warmed up on every setup, then run alternately (direct, one, two, two, one, direct; ${b.secondsPerRun} s each): req/s is the mean, p50/p99 the worse of the two runs. Overhead: one instance behind HAProxy against the same instance direct.`,
    '',
    table(
      ['Request', 'Setup', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
      Object.values(b.scenarios as Record<string, Loose>).flatMap((s) =>
        setups.map(([label, key]) => [
          `\`${s.path}\``,
          label,
          s[key!].reqPerSec,
          s[key!].p50,
          s[key!].p99,
          s[key!].non2xx,
          s[key!].errors,
        ]),
      ),
    ),
    '',
    table(
      ['Request', 'HAProxy overhead', 'two behind HAProxy / one direct'],
      Object.values(b.scenarios as Record<string, Loose>).map((s) => [
        `\`${s.path}\``,
        `${s.overheadPct} %`,
        s.twoOverDirect,
      ]),
    ),
  ].join('\n');
}

function push(p: Loose) {
  return [
    `One event (a seller accepts a delivery request: "New delivery available") told to ${p.devices.toLocaleString('en-US')} couriers on shift, one device each, at a local push service over https that checks each VAPID JWT and decrypts each payload (trusted through NODE_EXTRA_CA_CERTS), on the 100,000-listing database. From the accept's request to the last message received: **${p.fanOutMs} ms** (median of ${p.fanOutRunsMs.join(', ')} ms), slowest under load ${p.fanOutUnderLoadMs} ms (${p.fanOutsUnderLoad} fan-outs one after another during the load runs). Rejected by the push service: ${p.rejected}. Server peak RSS ${p.peakRssMb} MB.`,
    '',
    `The load benchmark's mixed traffic (${p.connections} connections, ${p.secondsPerRun} s runs: without, with, with, without; p50/p99 the worse of two runs):`,
    '',
    table(
      ['Runs', 'req/s', 'p50 ms', 'p99 ms', '5xx', 'errors'],
      [
        [
          'without fan-outs',
          p.without.reqPerSec,
          p.without.p50,
          p.without.p99,
          p.without.status5xx,
          p.without.errors,
        ],
        [
          'with fan-outs',
          p.with.reqPerSec,
          p.with.p50,
          p.with.p99,
          p.with.status5xx,
          p.with.errors,
        ],
      ],
    ),
    '',
    `p99 with fan-outs / without: **${p.p99Ratio}**.`,
  ].join('\n');
}

function map(m: Loose) {
  const s = m.save;
  return [
    `A campus archive drawn for the run (${m.archive.tiles} tiles, zooms 15-19, the campus and 400 m around; ${m.archive.megabytes} MB, ${m.archive.bytesPerTile} bytes a tile: a grid and the tile's name on a flat colour, smaller than real map tiles). autocannon ${m.connections} connections, ${m.secondsPerRun} s runs; the tile against a bare Fastify serving the same bytes as a static file (@fastify/static), alternately (app, floor, floor, app). Server peak RSS ${m.peakRssMb} MB.`,
    '',
    scenarioTable(
      [
        ['campus tile', m.tile],
        ['campus tour', m.campusTiles],
      ],
      false,
    ),
    '',
    `The courier's phone (Chromium, 390x844) saving the campus from opening the dashboard to "Campus map saved for offline": **${s.tiles} tiles, ${round1(s.bytes / 1e6)} MB**; local network ${s.localSeconds} s (median of ${s.localRuns.join(', ')} s); campus network (${s.network}) **${s.campusNetworkSeconds} s**.`,
  ].join('\n');
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function guessing(g: Loose) {
  return [
    `One address sends ${g.guesses} wrong passwords at once (each to another e-mail) to the built server on the demo data; meanwhile another address signs in with the right password, again and again until the flood is answered. The flood: ${g.flood.checked} checked (401), ${g.flood.refused} refused at once (429, more than two checks in flight and 32 waiting), in ${g.flood.seconds} s.`,
    '',
    table(
      ['Honest sign-in', 'median ms', 'slowest ms', 'runs (ms)'],
      [
        ['alone', g.quiet.medianMs, Math.max(...g.quiet.runs), g.quiet.runs.join(', ')],
        [
          '**during the flood**',
          g.duringFlood.medianMs,
          `**${g.duringFlood.maxMs}**`,
          g.duringFlood.runs.join(', '),
        ],
      ],
    ),
  ].join('\n');
}

function watch(w: Loose) {
  const row = (label: string, l: Loose) => [
    label,
    l.creates,
    l.p50Ms,
    l.p99Ms,
    l.maxMs,
    l.workerDoneMs,
  ];
  return [
    `POST /api/listing one after another (a small picture each) on the built server, with no saved searches and with ${w.savedSearches.toLocaleString('en-US')} (50 accounts keeping 20 each, none of which finds anything), alternately, twice each. The notification worker matches each new listing after the answer; its last column is how long after a round's last answer it had matched them all.`,
    '',
    table(
      ['Saved searches', 'creates', 'p50 ms', 'p99 ms', 'slowest ms', 'worker done after ms'],
      [row('none', w.none), row(w.savedSearches.toLocaleString('en-US'), w.withSearches)],
    ),
    '',
    `With the searches over without: p50 **${w.p50Ratio}**, p99 **${w.p99Ratio}**.`,
  ].join('\n');
}

function plans(p: Loose) {
  const scans = (p.entries as Loose[]).filter((e) => e.fullScans.length > 0);
  const slowest = (p.entries as Loose[]).filter((e) => e.ms !== null).slice(0, 10);
  const short = (sql: string) => `\`${sql.replace(/\s+/g, ' ').slice(0, 110)}…\``;
  return [
    `${p.statements} distinct statements from a tour of every API call, explained and timed (cold, no result cache) on the 100,000-listing database. Statements reading a large table in full: **${p.withFullScan}**.`,
    '',
    scans.length
      ? table(
          ['Calls', 'Statement', 'Full read'],
          scans.map((e) => [e.calls.join(', '), short(e.sql), e.fullScans.join('; ')]),
        )
      : '',
    '',
    'Slowest reads (median of 9 runs):',
    '',
    table(
      ['ms', 'Calls', 'Plan'],
      slowest.map((e) => [e.ms, e.calls.join(', '), e.plan.join(' / ')]),
    ),
  ].join('\n');
}

function backup(b: Loose) {
  return `\`npm run backup\`'s work (copy through the online backup API, \`PRAGMA integrity_check\`, row counts, sha256) on the ${b.sourceMb} MB database of ${b.listings.toLocaleString('en-US')} listings and ${b.pictures.toLocaleString('en-US')} pictures: **${b.seconds} s** at rest, ${b.underWritesSeconds} s while another connection added ${b.writesDuring} listings; the copy is ${b.backupMb} MB. \`npm run restore\`'s work into a new file (check, copy, migrations, counts): ${b.restoreSeconds} s.`;
}

export function renderMarkdown(results: Record<string, unknown>): string {
  const r = results as Loose;
  const m = r.meta ?? {};
  const parts = [
    '# Benchmark results',
    '',
    `Run ${m.date} at commit ${m.commit ?? '?'} on ${m.cpus} CPU(s) (${m.cpuModel}), Node ${m.node}; load average ${m.loadAverageAtStart?.join(' ')} at start, ${m.loadAverageAtEnd?.join(' ')} at end; ${m.seconds} s. Regenerate with \`npm run bench\`.`,
    ...((m.updates ?? []) as Loose[]).map(
      (u) =>
        `\nMeasured again since (\`BENCH_ONLY=${u.steps.join(',')}\`): ${u.date} at commit ${u.commit ?? '?'}; load average ${u.loadAverageAtStart?.join(' ')} at start, ${u.loadAverageAtEnd?.join(' ')} at end; ${u.seconds} s.`,
    ),
    '',
    '## Budgets',
    '',
    budgets(r.budgets ?? []),
    '',
    '## Bundle',
    '',
    failed(r.bundle) ?? (r.bundle ? bundle(r.bundle) : 'Not measured.'),
    '',
    '## Lighthouse (mobile preset)',
    '',
    failed(r.lighthouse) ?? (r.lighthouse ? lighthouse(r.lighthouse) : 'Not measured.'),
    '',
    '## Lighthouse signed in (mobile preset, storage kept after signing in through the form)',
    '',
    failed(r.lighthouseSignedIn) ??
      (r.lighthouseSignedIn ? lighthouse(r.lighthouseSignedIn) : 'Not measured.'),
    '',
    '## Lighthouse just after signing in (mobile preset, same browser, the service worker installing)',
    '',
    failed(r.lighthouseAfterSignIn) ??
      (r.lighthouseAfterSignIn ? afterSignIn(r.lighthouseAfterSignIn) : 'Not measured.'),
    '',
    '## Taps that answer at once (INP at 4x CPU slowdown)',
    '',
    failed(r.inp) ??
      (r.inp
        ? table(
            ['Tap', 'Median ms', 'Slowest ms', 'Runs ms'],
            Object.entries(r.inp as Record<string, Loose>).map(([tap, t]) => [
              tap,
              t.medianMs,
              t.maxMs,
              t.runs.join(', '),
            ]),
          )
        : 'Not measured.'),
    '',
    '## First open of the courier screen (phone, 4x CPU slowdown)',
    '',
    failed(r.courierFirstOpen) ??
      (r.courierFirstOpen ? courierFirstOpen(r.courierFirstOpen) : 'Not measured.'),
    '',
    '## API at 100,000 listings',
    '',
    failed(r.api) ?? (r.api ? api(r.api) : 'Not measured.'),
    '',
    '## Sign-in under a guessing flood',
    '',
    failed(r.guessing) ?? (r.guessing ? guessing(r.guessing) : 'Not measured.'),
    '',
    '## New listings and saved searches',
    '',
    failed(r.watch) ?? (r.watch ? watch(r.watch) : 'Not measured.'),
    '',
    '## Web Push fan-out',
    '',
    failed(r.push) ?? (r.push ? push(r.push) : 'Not measured.'),
    '',
    '## Backup of the 100,000-listing database',
    '',
    failed(r.backup) ?? (r.backup ? backup(r.backup) : 'Not measured.'),
    '',
    '## Two instances behind HAProxy',
    '',
    failed(r.balancer) ?? (r.balancer ? balancer(r.balancer) : 'Not measured.'),
    '',
    '## Campus map',
    '',
    failed(r.map) ?? (r.map ? map(r.map) : 'Not measured.'),
    '',
    '## Query plans',
    '',
    failed(r.plans) ?? (r.plans ? plans(r.plans) : 'Not measured.'),
    '',
    '## Offline replay',
    '',
    r.sync
      ? `A courier presses PICKED UP and FINISH DROP OFF with the network cut; from going back online to the second update stored: **${r.sync.ms} ms** (median; runs ${r.sync.runs.join(', ')} ms).`
      : `Not measured: ${r.syncUnavailable ?? 'not run'}.`,
    '',
    '## Lie-fi',
    '',
    failed(r.lieFi) ?? (r.lieFi ? lieFi(r.lieFi) : 'Not measured.'),
    '',
    '## Repeat visit',
    '',
    failed(r.repeatVisit) ??
      (r.repeatVisit
        ? `First-contentful-paint of the home page, ${r.repeatVisit.network}, median of ${r.repeatVisit.runs}: first visit ${r.repeatVisit.firstFcpMs} ms, repeat visit served by the service worker ${r.repeatVisit.repeatFcpMs} ms (from the worker: ${r.repeatVisit.servedByServiceWorker ? 'yes' : 'no'}); ratio **${r.repeatVisit.ratio}**.`
        : 'Not measured.'),
    '',
  ];
  return `${parts.join('\n')}\n`;
}
