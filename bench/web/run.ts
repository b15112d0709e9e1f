/**
 * Front-end speed budget (issues "Site pages…" and 33): Lighthouse (mobile preset) in Debian's Chromium on
 * the production build served by our server, and the initial JavaScript of `/` and `/ar/` (gzip).
 *
 *   npm run build && npx tsx bench/web/run.ts        (or: npm run bench:web)
 *
 * Budgets: Performance ≥ 95, Accessibility ≥ 95, Best Practices ≥ 95 (SEO ≥ 90) on every page; initial JS of
 * `/` and `/ar/` at most 10 % above bench/web/initial-js-budget.json (the check `npm run check:initial-js`).
 *
 * Lighthouse's simulated throttling scales the CPU time it observes, so a busy machine lowers the
 * performance score: each page is run BENCH_RUNS times (default 5) and the median of each category is
 * reported, with the metrics of the run whose performance score is the median. By default the pages are
 * `/`, `/ar/`, `/music` and a track page (`track`: the first published track of the demo catalog, found
 * through GET /api/music). Other knobs:
 *   BENCH_PAGES=/,/music,track   only these pages (`track` stands for the track page)
 *   BENCH_RUNS=3              runs per page
 *   BENCH_LHR_DIR=.tmp/lhr    also write every run's full Lighthouse report (JSON) there
 *   BENCH_SERVER_ROOT=<dir>   run the server of another checkout (still serving this build)
 *   BENCH_WEB_DIST=<dir>      serve and measure a copy of the build (apps/web/dist by default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { Api, pathOf, TrackListResponse } from '@tarab/contracts';
import { pagePatterns } from '@tarab/contracts/pages';
import lighthouse from 'lighthouse';
import { startDemoServer } from '../support/demo-server';
import { checkInitialJs, describeVerdict, TOLERANCE } from './initial-js-budget';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Whose server serves the build (default this checkout's; another checkout's while this one's is mid-change). */
const serverRoot = path.resolve(process.env.BENCH_SERVER_ROOT ?? repoRoot);
const dist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
const port = Number(process.env.BENCH_PORT ?? 18383);
const pages = (process.env.BENCH_PAGES ?? '/,/ar/,/music,track').split(',').filter(Boolean);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const lhrDir = process.env.BENCH_LHR_DIR ? path.resolve(process.env.BENCH_LHR_DIR) : null;
const budgets = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 90 } as const;
type Category = keyof typeof budgets;

const startServer = () =>
  startDemoServer({ port, dataDir: path.join(repoRoot, '.tmp/bench-web-data'), webDist: dist, serverRoot });

type Run = { scores: Record<Category, number>; fcp: number; lcp: number; tbt: number; cls: number; si: number };

// `/` and its Arabic twin `/ar/`: the same check as `npm run check:initial-js` (baseline + 10 %).
const jsVerdicts = await checkInitialJs(dist);
console.log(`Initial JavaScript (gzip), at most ${TOLERANCE * 100} % above bench/web/initial-js-budget.json:`);
for (const v of jsVerdicts) console.log(`  ${describeVerdict(v)}`);
const jsMisses = jsVerdicts.filter((v) => !v.ok).length;
console.log(
  `load average before the runs: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} CPUs)`,
);

const server = await startServer();
const origin = `http://127.0.0.1:${port}`;

/** The page of the demo catalog's first published track (`/track/:id`), as a visitor reaches it from /music. */
async function trackPage(): Promise<string> {
  const query = new URLSearchParams({ page: '1', per_page: '1' });
  const res = await fetch(`${origin}${pathOf(Api.catalog.music)}?${query}`);
  if (!res.ok) throw new Error(`${pathOf(Api.catalog.music)}: HTTP ${res.status}`);
  const first = TrackListResponse.parse(await res.json()).data.data[0];
  if (!first) throw new Error('the demo catalog has no published track');
  return pathOf({ path: pagePatterns.track }, { id: first.id });
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
if (lhrDir) await fs.mkdir(lhrDir, { recursive: true });
let misses = 0;
try {
  const urls = await Promise.all(pages.map((page) => (page === 'track' ? trackPage() : page)));
  console.log(
    `\nmedian of ${runs} run(s) per page (each category's median; the metrics of the median performance run)`,
  );
  console.log('page           perf  a11y  best   seo     FCP     LCP    TBT    CLS      SI  ≥ 95   perf of every run');
  for (const page of urls) {
    const all: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      // On a busy machine Lighthouse sometimes fails to record the trace (NO_NAVSTART…): run again.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt += 1) {
        result = await lighthouse(`${origin}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(budgets),
        });
        const error = result?.lhr.runtimeError;
        if (!error || attempt === 3) break;
        console.log(`  (${page}: ${error.code}, running again)`);
      }
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits } = result.lhr;
      const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      all.push({
        scores: Object.fromEntries(
          (Object.keys(budgets) as Category[]).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)]),
        ) as Record<Category, number>,
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
      });
      if (lhrDir) {
        const name = `${page === '/' ? 'home' : page.slice(1).replace(/\W+/g, '-').replace(/-$/, '')}-${i + 1}.json`;
        await fs.writeFile(path.join(lhrDir, name), JSON.stringify(result.lhr));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
    const byPerformance = [...all].sort((a, b) => a.scores.performance - b.scores.performance);
    const metrics = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
    const below: string[] = [];
    const row = (Object.keys(budgets) as Category[]).map((k) => {
      const s = median(all.map((r) => r.scores[k]));
      if (s < budgets[k]) {
        misses += 1;
        below.push(k);
      }
      return `${String(s).padStart(4)}${s < budgets[k] ? '!' : ' '}`;
    });
    const ms = (v: number) => `${(v / 1000).toFixed(2)}s`.padStart(7);
    const verdict = below.length === 0 ? 'yes' : `no (${below.join(', ')})`;
    console.log(
      `${page.padEnd(13)} ${row.join(' ')} ${ms(metrics.fcp)} ${ms(metrics.lcp)} ${`${Math.round(metrics.tbt)}ms`.padStart(6)} ${metrics.cls.toFixed(3).padStart(6)} ${ms(metrics.si)}  ${verdict.padEnd(4)}  ${all.map((r) => r.scores.performance).join(' ')}`,
    );
  }
  console.log(
    `\nbudgets: performance ≥ ${budgets.performance}, accessibility ≥ ${budgets.accessibility}, best practices ≥ ${budgets['best-practices']}, SEO ≥ ${budgets.seo} (! = below)`,
  );
  console.log(
    `load average after the runs: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(misses + jsMisses === 0 ? 'all budgets met' : `${misses + jsMisses} budget(s) missed`);
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
}
